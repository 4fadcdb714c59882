/** The shells `urispec completion` writes a script for (apart, so the command table can name them). */
export const SHELLS = ['bash', 'zsh', 'fish'] as const;

export type Shell = (typeof SHELLS)[number];
