/** Limits for showing label names: only when few boxes are in view and each is big enough. */
export interface LabelLimits {
  /** Most boxes in view for names to show; beyond it none are (a wall of text helps nobody). */
  maxLabels: number;
  /** Smallest on-screen box width, in CSS px, that gets a name. */
  minScreenWidth: number;
}

export const DEFAULT_LABEL_LIMITS: LabelLimits = { maxLabels: 200, minScreenWidth: 48 };
