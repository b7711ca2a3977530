import type { PlannerBroker, PlannerPartition } from "@kcp/operations";

export interface Shape {
  brokers: number;
  partitions: number;
  racks: number;
  seed: number;
  /**
   * Skewed: brokers of three disk sizes (1×, 1.5×, 2× a base chosen so the cluster is about half full,
   * so the capacity-weighted band differs from the plain mean), and hot topics — one topic in twenty has partitions
   * ten times larger, and bytes-in per second on every partition (hot ones a hundred times more).
   */
  skewed?: boolean;
}

function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/**
 * A cluster that grew: its brokers spread over racks, the newest fifth holding nothing yet; partitions of RF 3 placed
 * rack-aware on the older brokers with a bias towards the first ones (three distinct brokers, also with fewer racks); sizes skewed (most small, a few huge), topics of
 * 1 to 200 partitions. `skewed`: also capacities and hot topics (above).
 */
export function syntheticCluster(shape: Shape): { brokers: PlannerBroker[]; partitions: PlannerPartition[] } {
  const random = sequence(shape.seed);
  const brokers: (PlannerBroker & { rack: string })[] = Array.from({ length: shape.brokers }, (_, i) => ({
    id: i + 1,
    rack: `rack-${i % shape.racks}`,
    alive: true,
  }));
  const old = brokers.slice(0, Math.max(3, Math.floor(shape.brokers * 0.8)));
  const byRack = new Map<string, number[]>();
  for (const b of old) byRack.set(b.rack, [...(byRack.get(b.rack) ?? []), b.id]);
  const racks = [...byRack.values()];
  const partitions: PlannerPartition[] = [];
  let topic = 0;
  while (partitions.length < shape.partitions) {
    const count = Math.min(shape.partitions - partitions.length, 1 + Math.floor(random() * 200));
    const hot = shape.skewed === true && topic % 20 === 7;
    for (let p = 0; p < count; p++) {
      const firstRack = Math.floor(random() * racks.length);
      const replicas: number[] = [];
      for (let k = 0; k < 3; k++) {
        const rack = racks[(firstRack + k) % racks.length] as number[];
        const drawn = Math.floor(random() ** 2 * rack.length); // biased towards a rack's first brokers
        // Fewer racks than replicas: a rack gives two, so the next of its brokers not chosen yet (else of any rack).
        let id = rack[drawn] as number;
        for (let step = 1; replicas.includes(id) && step < rack.length; step++)
          id = rack[(drawn + step) % rack.length] as number;
        if (replicas.includes(id)) id = old.find((b) => !replicas.includes(b.id))?.id as number;
        replicas.push(id);
      }
      partitions.push({
        topic: `topic-${topic}`,
        partition: p,
        replicas,
        leader: replicas[0] as number,
        sizeBytes: Math.floor(random() ** 4 * 50 * 1024 ** 3 * (hot ? 10 : 1)),
        ...(shape.skewed ? { bytesInPerSec: Math.floor(random() * 100_000 * (hot ? 100 : 1)) } : {}),
      });
    }
    topic++;
  }
  if (shape.skewed) {
    const data = partitions.reduce((n, p) => n + p.sizeBytes * p.replicas.length, 0);
    const tiers = [1, 1.5, 2];
    const weights = brokers.map((_, i) => tiers[i % 3] as number);
    const base = data / 0.5 / weights.reduce((a, b) => a + b, 0);
    const held = new Map<number, number>();
    for (const p of partitions) for (const id of p.replicas) held.set(id, (held.get(id) ?? 0) + p.sizeBytes);
    // A disk holds what is on it: the crowded brokers are up to 85 % full (above the 80 % the capacity goal allows).
    brokers.forEach((b, i) => {
      b.capacityBytes = Math.floor(Math.max(base * (weights[i] as number), (held.get(b.id) ?? 0) / 0.85));
    });
  }
  return { brokers, partitions };
}

/**
 * The reference: what `kafka-reassign-partitions --generate` computes (Kafka's rack-aware round-robin assignment of
 * every topic over the brokers, ignoring where replicas are), on the same input: how much it would move.
 */
export function roundRobinAssignment(brokers: PlannerBroker[], partitions: PlannerPartition[]): number[][] {
  const racks = new Map<string, number[]>();
  for (const b of brokers) racks.set(b.rack ?? "", [...(racks.get(b.rack ?? "") ?? []), b.id]);
  // Brokers ordered alternating racks, as Kafka's getRackAlternatedBrokerList does.
  const alternated: number[] = [];
  const lists = [...racks.values()];
  for (let i = 0; alternated.length < brokers.length; i++)
    for (const list of lists) if (i < list.length) alternated.push(list[i] as number);
  const n = alternated.length;
  return partitions.map((p, index) => {
    const first = (index + p.topic.length) % n;
    const shift = 1 + (p.partition % (n - 1));
    return p.replicas.map((_, k) => alternated[(first + (k === 0 ? 0 : shift + k - 1)) % n] as number);
  });
}
