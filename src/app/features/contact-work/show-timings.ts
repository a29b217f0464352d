/** Delays of spec 2 §4 and §9. */
export const SHOW_TIMINGS = { redirectAfterSave: 1_500, embedToast: 2_000, mediaReload: 1_500, phoneError: 5_000 } as const;
