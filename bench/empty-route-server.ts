// The real server (server/serve.ts) with the benchmark's empty POST route added.
import { serveOrExit } from '../server/serve.ts';
import { addEmptyRoute } from './empty-route.ts';

serveOrExit(addEmptyRoute);
