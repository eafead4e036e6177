/** The convert pipeline's stages, in order: the names `ConvertOptions.onStage` reports times under. */
export const STAGES = ['read', 'recognise', 'analyse', 'lower', 'oracle', 'verify', 'serialise'] as const;

export type Stage = (typeof STAGES)[number];
