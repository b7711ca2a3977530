/** The terminal a full-screen command (kcp top) draws on: replaced in tests, absent when stdout is not a TTY. */
export interface Terminal {
  /** Its width in columns, when known. */
  columns(): number | undefined;
  /** Switches to the alternate screen without a cursor (the shell's screen comes back at leave). */
  enter(): void;
  /** Replaces the screen's content with `frame`. */
  draw(frame: string): void;
  leave(): void;
  /** Calls `quit` on q, Q, Escape or Ctrl-C (and SIGINT, SIGTERM); returns what stops listening. */
  onQuit(quit: () => void): () => void;
}

/** Pure: the bytes that redraw a frame in place: home, each line cleared to its end, the rest of the screen cleared. */
export function redraw(frame: string): string {
  return `\x1b[H${frame.split("\n").join("\x1b[K\n")}\x1b[K\x1b[J`;
}

/** Pure: whether a key read in raw mode quits (q, Q, Escape, Ctrl-C, Ctrl-D). */
export const quits = (key: string): boolean => ["q", "Q", "\x1b", "\x03", "\x04"].includes(key);

/** The process's own terminal, when standard output is one. */
export function processTerminal(): Terminal | undefined {
  if (!process.stdout.isTTY) return undefined;
  const out = process.stdout;
  return {
    columns: () => out.columns,
    enter: () => out.write("\x1b[?1049h\x1b[?25l"),
    draw: (frame) => out.write(redraw(frame)),
    leave: () => out.write("\x1b[?25h\x1b[?1049l"),
    onQuit: (quit) => {
      const input = process.stdin;
      const raw = input.isTTY === true;
      const onKey = (chunk: Buffer) => {
        if (quits(chunk.toString("utf8"))) quit();
      };
      if (raw) {
        input.setRawMode(true);
        input.resume();
        input.on("data", onKey);
      }
      process.on("SIGINT", quit);
      process.on("SIGTERM", quit);
      return () => {
        process.off("SIGINT", quit);
        process.off("SIGTERM", quit);
        if (raw) {
          input.off("data", onKey);
          input.setRawMode(false);
          input.pause();
        }
      };
    },
  };
}
