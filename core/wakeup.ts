// The pause of a loop that re-reads a task's rows: a notice (NOTIFY, a local
// event, a closed client) ends it early, a timer bounds it in case a notice
// was lost. A notice that comes while the loop is reading makes its next
// pause return at once, so none is missed between a read and the pause.

export interface Wakeup {
  /** Call at the top of each round, before reading. */
  arm(): void;
  /** A notice: ends the pause under way, or the next one. */
  poke(): void;
  /** Waits up to `ms` unless poked since arm(). */
  pause(ms: number): Promise<void>;
}

export function wakeup(): Wakeup {
  let poked = false;
  let wake: (() => void) | undefined;
  return {
    arm() {
      poked = false;
    },
    poke() {
      poked = true;
      wake?.();
    },
    async pause(ms) {
      if (poked) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    },
  };
}
