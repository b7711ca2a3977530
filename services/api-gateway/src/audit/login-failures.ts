import type { AuditEvent } from "@kcp/shared";

/** Failed logins of one client address audited one by one per window (LOGIN_FAILURES_AUDITED_PER_MINUTE's default). */
export const LOGIN_FAILURES_AUDITED_PER_ADDRESS = 10;
export const LOGIN_FAILURE_WINDOW_MS = 60_000;
/** Addresses with an open window; failures from further addresses are counted together (OTHER_ADDRESSES). */
export const LOGIN_FAILURE_ADDRESSES = 10_000;
/** The client address of the summary of failures from addresses beyond LOGIN_FAILURE_ADDRESSES. */
export const OTHER_ADDRESSES = "other addresses";
/** The audit action of a summary. */
export const LOGIN_FAILURES_ACTION = "auth.login.failures";

export interface LoginFailureSummary {
  clientAddress: string;
  /** The window: from its first failure, for LOGIN_FAILURE_WINDOW_MS. */
  from: Date;
  to: Date;
  /** Failures audited one by one in the window. */
  audited: number;
  /** Failures only counted here. */
  counted: number;
}

interface Window {
  from: number;
  audited: number;
  counted: number;
}

/**
 * Decides which failed logins — and every other request refused without a credential, which counts as one — get an
 * audit entry of their own: per client address, the first `perAddress` failures
 * of each window (from that address's first failure, `windowMs` long); the rest are counted, and once the window
 * ends its count becomes one summary entry. A flood of failed logins thus writes at most `perAddress` + 1 entries per
 * address and window instead of one per attempt. Open windows are bounded (`maxAddresses`): failures from addresses
 * beyond them share one window under OTHER_ADDRESSES, audited and counted the same way. Pure: the caller gives the
 * time.
 */
export class LoginFailureBudget {
  private readonly windows = new Map<string, Window>();

  constructor(
    readonly perAddress = LOGIN_FAILURES_AUDITED_PER_ADDRESS,
    readonly windowMs = LOGIN_FAILURE_WINDOW_MS,
    readonly maxAddresses = LOGIN_FAILURE_ADDRESSES,
  ) {}

  /**
   * A failed login from `clientAddress` at `now`: whether it gets its own entry, and the summary of that address's
   * previous window if it ended with failures only counted (write it first).
   */
  take(clientAddress: string, now: number): { audit: boolean; ended?: LoginFailureSummary } {
    let key = clientAddress;
    let window = this.windows.get(key);
    let ended: LoginFailureSummary | undefined;
    if (window && now >= window.from + this.windowMs) {
      this.windows.delete(key);
      ended = this.summary(key, window);
      window = undefined;
    }
    if (!window && this.windows.size >= this.maxAddresses) {
      key = OTHER_ADDRESSES;
      window = this.windows.get(key);
    }
    if (!window) {
      window = { from: now, audited: 0, counted: 0 };
      this.windows.set(key, window);
    }
    const audit = window.audited < this.perAddress;
    if (audit) window.audited++;
    else window.counted++;
    return { audit, ...(ended ? { ended } : {}) };
  }

  /** The windows ended by `now`, forgotten: the summaries of those with failures only counted. */
  ended(now: number): LoginFailureSummary[] {
    const summaries: LoginFailureSummary[] = [];
    for (const [key, window] of this.windows) {
      if (now < window.from + this.windowMs) continue;
      this.windows.delete(key);
      const summary = this.summary(key, window);
      if (summary) summaries.push(summary);
    }
    return summaries;
  }

  /** Every open window, forgotten (at shutdown): the summaries of those with failures only counted so far. */
  drain(now: number): LoginFailureSummary[] {
    const summaries: LoginFailureSummary[] = [];
    for (const [key, window] of this.windows) {
      const summary = this.summary(key, window, now);
      if (summary) summaries.push(summary);
    }
    this.windows.clear();
    return summaries;
  }

  private summary(key: string, window: Window, endedAt?: number): LoginFailureSummary | undefined {
    if (window.counted === 0) return undefined;
    const to = Math.min(window.from + this.windowMs, endedAt ?? Number.POSITIVE_INFINITY);
    return {
      clientAddress: key,
      from: new Date(window.from),
      to: new Date(to),
      audited: window.audited,
      counted: window.counted,
    };
  }
}

/** The audit entry of a summary: anonymous (nothing the failed logins typed), denied, by client address. */
export function loginFailureSummaryEvent(summary: LoginFailureSummary): AuditEvent {
  return {
    at: summary.to.toISOString(),
    actor: "anonymous",
    action: LOGIN_FAILURES_ACTION,
    result: "denied",
    detail: {
      clientAddress: summary.clientAddress,
      from: summary.from.toISOString(),
      to: summary.to.toISOString(),
      audited: summary.audited,
      counted: summary.counted,
    },
  };
}
