// Typings for the packages the server uses that ship none.
declare module 'async-exit-hook' {
  interface ExitHook {
    (hook: (done?: () => void) => void): void;
    /** Stops listening for one of the events it hooked ('exit', 'beforeExit', 'SIGINT', ...). */
    unhookEvent(event: string): void;
  }
  const exitHook: ExitHook;
  export default exitHook;
}
