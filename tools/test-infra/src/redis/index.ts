export { ensureRedisServer } from "./redis-binary.js";
export { getSharedRedis, type RedisServer, startRedis } from "./redis-server.js";
