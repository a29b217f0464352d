// The signed-in shell's chunk: AppRoot's lazy component and the start-up kick-off (early-loads.ts) share this loader.
// It lives apart from both so that the shell, which imports the screen registry, imports neither back.
export const loadSignedInApp = () => import('../shell/SignedInApp');
