/**
 * The shop's log: JSON lines (one object per line, for journald and log shippers) when standard output
 * is a file or a pipe, and readable lines (pino-pretty: time, level, process, message) when it is a
 * terminal. Both carry a request's id (`reqId`) on every line the request logs, and hide the tokens that
 * links and headers carry.
 *
 * The same format for the server processes (Fastify's logger) and for a cluster's primary (`createLogger`).
 */
import { writeSync } from 'node:fs';
import pino, { type DestinationStream, type LoggerOptions } from 'pino';
import { prettyFactory } from 'pino-pretty';

/** The headers a request log line never shows. */
const REDACTED = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];

interface LogLine {
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/**
 * One readable line: `[request id] message`, and for Fastify's request lines the method and address
 * asked, or the status and time taken, on the same line rather than as an object below it.
 */
export function readableMessage(log: LogLine): string {
  const parts = [log.reqId ? `[${log.reqId}]` : '', log.msg ?? ''];
  if (log.req?.method) parts.push(`${log.req.method} ${log.req.url ?? ''}`);
  if (log.res?.statusCode !== undefined)
    parts.push(`-> ${log.res.statusCode}${log.responseTime !== undefined ? ` in ${log.responseTime.toFixed(1)} ms` : ''}`);
  return parts.filter(Boolean).join(' ');
}

/** Writes each log line, prettified, straight to standard output (synchronously: no line is lost at exit). */
function prettyDestination(colorize: boolean): DestinationStream {
  const pretty = prettyFactory({
    colorize,
    translateTime: 'SYS:HH:MM:ss.l',
    // pid stays (it tells a cluster's processes apart); what the message already says is left out.
    ignore: 'hostname,reqId,req,res,responseTime',
    messageFormat: (log) => readableMessage(log as LogLine),
    singleLine: false,
  });
  return { write: (line: string) => void writeSync(1, pretty(line)) };
}

export interface LogSettings {
  level: string;
  /** Readable lines instead of JSON; by default when standard output is a terminal. */
  pretty?: boolean;
}

/** Whether this process's log should be readable lines (a terminal) rather than JSON. */
export const logIsPretty = (): boolean => process.stdout.isTTY === true;

/** Fastify's `logger` option: pino settings plus the stream it writes to. */
export function fastifyLoggerOptions(
  settings: LogSettings,
  serializers: LoggerOptions['serializers'],
): LoggerOptions & { stream?: DestinationStream } {
  const pretty = settings.pretty ?? logIsPretty();
  return {
    level: settings.level,
    redact: REDACTED,
    serializers,
    ...(pretty ? { stream: prettyDestination(process.stdout.hasColors?.() ?? false) } : {}),
  };
}

/** A logger outside Fastify (a cluster's primary), in the same format as the servers'. */
export function createLogger(settings: LogSettings): pino.Logger {
  const pretty = settings.pretty ?? logIsPretty();
  return pretty
    ? pino({ level: settings.level, redact: REDACTED }, prettyDestination(process.stdout.hasColors?.() ?? false))
    : pino({ level: settings.level, redact: REDACTED }, pino.destination({ dest: 1, sync: true }));
}
