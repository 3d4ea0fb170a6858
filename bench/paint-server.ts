// The real server (server/serve.ts) with the benchmark's static twin of each page added (bench/static-twin.ts).
import { serveOrExit } from '../server/serve.ts';
import { addStaticTwin } from './static-twin.ts';

serveOrExit(addStaticTwin);
