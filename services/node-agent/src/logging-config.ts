import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { writeFileAtomic } from "./files.js";

/**
 * Kafka's own log for a node whose installation brings no logging configuration (an installation of jars alone):
 * `server.log` in the node's logs folder (`kafka.logs.dir`), rolled at 10 MB with at most 3 old files kept, so a node
 * never fills its host with logs; the loggers that log every request or state change at warn.
 */
const LOG4J2_PROPERTIES = `# Written by the kcp node agent for nodes whose installation has no logging configuration of its own.
status = warn
appender.file.type = RollingFile
appender.file.name = file
appender.file.fileName = \${sys:kafka.logs.dir}/server.log
appender.file.filePattern = \${sys:kafka.logs.dir}/server.log.%i
appender.file.layout.type = PatternLayout
appender.file.layout.pattern = [%d] %p %m (%c)%n
appender.file.policies.type = Policies
appender.file.policies.size.type = SizeBasedTriggeringPolicy
appender.file.policies.size.size = 10MB
appender.file.strategy.type = DefaultRolloverStrategy
appender.file.strategy.max = 3
rootLogger.level = info
rootLogger.appenderRef.file.ref = file
logger.state-change.name = state.change.logger
logger.state-change.level = warn
logger.request.name = kafka.request.logger
logger.request.level = warn
logger.authorizer.name = kafka.authorizer.logger
logger.authorizer.level = warn
`;

/** Writes the agent's logging configuration into `<state>/logging/log4j2.properties` (at every start); its path. */
export async function writeLoggingConfig(stateDir: string): Promise<string> {
  const dir = join(stateDir, "logging");
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, "log4j2.properties");
  await writeFileAtomic(file, LOG4J2_PROPERTIES);
  return file;
}
