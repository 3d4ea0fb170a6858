// GET /api/legal's answer: the operator and what the legal pages state (server/legal/legal-facts.ts). The hook that
// fetches it is in src/pages/legal/operator.tsx, out of the shell (vite.config.ts): the first screen never asks.
import type { FromSchema } from 'json-schema-to-ts';
import type legalResponse from '../../schemas/api/legal.response.schema.json';

export type LegalFacts = FromSchema<typeof legalResponse>;
