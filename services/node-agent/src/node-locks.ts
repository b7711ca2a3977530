/** Commands on one node run one after another; commands on different nodes run side by side. */
export class NodeLocks {
  private readonly tails = new Map<number, Promise<unknown>>();

  run<T>(id: number, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(id) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => undefined);
    this.tails.set(id, settled);
    void settled.then(() => {
      if (this.tails.get(id) === settled) this.tails.delete(id);
    });
    return next;
  }
}
