export { ensureRedisServer } from "./redis-binary.js";
export { getSharedRedis, type RedisOptions, type RedisServer, startRedis } from "./redis-server.js";
