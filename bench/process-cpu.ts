/**
 * CPU time used so far by this machine's processes, read from /proc (Linux): what a bench charges to
 * the shop's processes and to PostgreSQL's for the work it sent them. CPU per request varies less
 * between runs than requests per second on a small machine shared by the shop, PostgreSQL and the
 * bench's own clients, and tells which side a difference is on.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU figures (USER_HZ, 100 on Linux). */
const TICK = 100;

export interface ProcessCpu {
  /** User + system CPU so far, in ms. */
  ms: number;
  parent: number;
  /** The command name /proc gives (`postgres`, `node`, ...). */
  name: string;
}

const isPostgres = (p: ProcessCpu) => p.name === 'postgres' || p.name.startsWith('postgres:');

/** Every process's CPU so far, by pid. */
export function processesCpu(): Map<number, ProcessCpu> {
  const out = new Map<number, ProcessCpu>();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      // After the name: state, ppid, ... utime is the 12th field after it, stime the 13th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(pid), { ms: ((Number(fields[11]) + Number(fields[12])) / TICK) * 1000, parent: Number(fields[1]), name });
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

/** CPU ms used so far by each PostgreSQL process, by pid (with whether it is a background process). */
export function postgresCpu(): Map<number, { ms: number; background: boolean }> {
  const out = new Map<number, { ms: number; background: boolean }>();
  for (const [pid, p] of processesCpu()) {
    if (!isPostgres(p)) continue;
    try {
      const background = /writer|checkpointer|launcher/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
      out.set(pid, { ms: p.ms, background });
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

/** The CPU ms of a process and all its descendants in one reading (a shop's primary and its workers). */
export function treeCpuMs(reading: Map<number, ProcessCpu>, root: number): number {
  const children = new Map<number, number[]>();
  for (const [pid, p] of reading) {
    const siblings = children.get(p.parent);
    if (siblings) siblings.push(pid);
    else children.set(p.parent, [pid]);
  }
  let ms = 0;
  for (const stack = [root]; stack.length;) {
    const pid = stack.pop()!;
    ms += reading.get(pid)?.ms ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return ms;
}

/** CPU ms between two readings of every PostgreSQL process (sessions and background alike). */
export function postgresCpuBetween(before: Map<number, ProcessCpu>, after: Map<number, ProcessCpu>): number {
  let ms = 0;
  for (const [pid, p] of after) if (isPostgres(p)) ms += p.ms - (before.get(pid)?.ms ?? 0);
  return ms;
}
