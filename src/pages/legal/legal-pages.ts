// The legal pages' routes, apart from their code (LegalPage.tsx, a chunk of its own): the app's routes and the
// footer name them without loading it.
export const LEGAL_PAGES = ['terms', 'privacy-policy', 'sms-terms', 'disclaimer', 'accessibility'] as const;
export type LegalPageName = (typeof LEGAL_PAGES)[number];
