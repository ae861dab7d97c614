/**
 * cfb, the OLE reader behind XLS files, exports its functions only where a `require` function
 * exists, which a browser worker lacks; imported before it, this module defines one. cfb calls it
 * only to read a file by name from disk (`fs`), which the worker never asks for.
 */
const scope = globalThis as unknown as { require?: (name: string) => never };
scope.require ??= (name: string) => {
  throw new Error(`${name} is not available in the browser`);
};

export {};
