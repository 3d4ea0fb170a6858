// The server's entry point (npm start): the app and its API, as configured by the environment.
import { serveOrExit } from './serve.ts';

serveOrExit();
