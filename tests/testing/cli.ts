// An operator's command (server/cli.ts) run in this process, as `npm run` runs it in its own: its exit code and what it
// printed on each output.
import type { Command, Output } from '../../server/cli.ts';

export async function runCommand(command: Command, args: string[], env: Record<string, string>): Promise<{ status: number; stdout: string; stderr: string }> {
  const printed = { stdout: '', stderr: '' };
  const output = (name: keyof typeof printed): Output => ({ write: (text: string | Uint8Array) => ((printed[name] += String(text)), true) });
  const status = await command({ args, env: { ...process.env, ...env }, out: output('stdout'), err: output('stderr') });
  return { status, ...printed };
}
