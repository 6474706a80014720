// The machine a bench ran on, in one line for the table's head: CPU model (/proc/cpuinfo), cores, RAM, the disk
// under the fixtures (device, file system, rotational or not as the kernel says) and the Node version.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

/** What `findmnt` and /sys say about the disk holding `dir`; 'unknown disk' when they cannot tell. */
function disk(dir: string): string {
  try {
    const [source, fstype] = execFileSync('findmnt', ['-no', 'SOURCE,FSTYPE', '-T', dir], { encoding: 'utf8' }).trim().split(/\s+/);
    const dev = source.replace(/^\/dev\//, '').replace(/p?\d+$/, '');
    const rotational = fs.existsSync(`/sys/block/${dev}/queue/rotational`) ? fs.readFileSync(`/sys/block/${dev}/queue/rotational`, 'utf8').trim() : '';
    // Virtual disks (vda) often say "rotational" whatever is behind them: the flag is given as the kernel reports it.
    return `${source} ${fstype}${rotational ? ` (kernel: ${rotational === '1' ? 'rotational' : 'non-rotational'})` : ''}`;
  } catch {
    return 'unknown disk';
  }
}

export function machine(dir: string): string {
  const cpu = /model name\s*:\s*(.+)/.exec(fs.readFileSync('/proc/cpuinfo', 'utf8'))?.[1].trim() ?? os.cpus()[0]?.model ?? 'cpu';
  return `${cpu}, ${os.availableParallelism()} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB RAM, ${disk(dir)}, Node ${process.version} (${os.platform()} ${os.release()})`;
}
