// fs-native-extensions ships no types; this covers the one call the data-dir lock makes.
declare module 'fs-native-extensions' {
  /** Requests the kernel's exclusive lock on an open file; false when another descriptor holds it. */
  export function tryLock(fd: number): boolean;
}
