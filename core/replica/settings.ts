// Whether this process replicates and where to: `--replicate URL` / KEDAI_REPLICATE, `--replicate-endpoint URL` /
// KEDAI_REPLICATE_ENDPOINT, AWS_REGION. Flags win over the environment, as everywhere in core/config.ts.
import type { Config } from '../config.js';
import { parseReplicaTarget, type ReplicaTarget } from './target.js';

/** A flag's text, else the environment variable's; blank counts as unset. */
function setting(config: Pick<Config, 'flags'>, flag: string, env: NodeJS.ProcessEnv, name: string): string | null {
  const fromFlag = config.flags[flag];
  const text = typeof fromFlag === 'string' ? fromFlag : env[name];
  return text && text.trim() ? text.trim() : null;
}

/**
 * The replica target, or null when replication is off; throws ReplicaUrlError for a URL Kedai cannot use.
 * A Config that already carries the parsed target (`config.replica`, the replicator's side) is taken as is.
 */
export function replicaTargetOf(config: Pick<Config, 'flags'>, env: NodeJS.ProcessEnv = process.env): ReplicaTarget | null {
  const parsed = (config as { replica?: ReplicaTarget | null }).replica;
  if (parsed !== undefined) return parsed;
  const url = setting(config, 'replicate', env, 'KEDAI_REPLICATE');
  if (!url) return null;
  return parseReplicaTarget(url, { endpoint: setting(config, 'replicate-endpoint', env, 'KEDAI_REPLICATE_ENDPOINT'), region: env.AWS_REGION });
}
