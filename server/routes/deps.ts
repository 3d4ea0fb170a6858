// What every route plugin is given by buildApp, and the type of a route plugin.
import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import type { Sponsor } from '../../engine/route-lead.ts';
import type { Flow } from '../../engine/types.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import type { Jobs } from '../jobs/jobs.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { SmsProvider } from '../sms/sms-provider.ts';
import type { Policies } from '../limits/policies.ts';

export interface RouteDeps {
  config: Config;
  db: Db;
  sms: SmsProvider;
  /** The time in ms since the epoch, for every expiry and limit (default Date.now); tests pass a fake clock. */
  clock?: () => number;
  /** Changes to the limits (server/limits/policies.ts); tests shrink or drop some. */
  limits?: Partial<Policies>;
  /** The funnels whose leads the lead routes take (default: those of config.flowsDir); tests add their own. */
  flows?: readonly Flow[];
  /** The sponsors leads are routed to (those with an endpoint set): the ones a consent may name. None by default. */
  sponsors?: readonly Sponsor[];
  /** The job queue routes wake after a commit that gave it work, and /readyz asks whether it started (buildApp's default runs none: wakes do nothing). */
  jobs?: Pick<Jobs, 'wake' | 'started'>;
  /** Where the routes count what they did (leads, reports); unset: not counted. */
  metrics?: Pick<Metrics, 'leadsCreated' | 'reports' | 'reportWarnings'>;
}

/**
 * A plugin of routes whose request (body, querystring, params) and reply types are derived from the JSON Schemas of
 * their route options by json-schema-to-ts: no generic arguments on app.get/post, no interfaces copied from a schema.
 */
export type RoutePlugin<Options extends object = RouteDeps> = FastifyPluginAsyncJsonSchemaToTs<{ Options: Options }>;
