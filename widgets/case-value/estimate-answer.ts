// What the estimate keeps in its answer field: the questions it asks itself (the state, when the funnel knows none; the
// crash's date, when it has none; the share of fault) and its result, which the consent's reasons read (days left).
export interface EstimateAnswer {
  state?: string;
  date?: string;
  share?: number;
  low?: number;
  high?: number;
  daysLeft?: number | null;
}

export const estimateAnswer = (value: unknown): EstimateAnswer => (value && typeof value === 'object' ? value : {});
