import type { PlannerBroker, PlannerPartition } from "@kcp/operations";

export interface Shape {
  brokers: number;
  partitions: number;
  racks: number;
  seed: number;
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
 * rack-aware on the older brokers with a bias towards the first ones; sizes skewed (most small, a few huge), topics of
 * 1 to 200 partitions.
 */
export function syntheticCluster(shape: Shape): { brokers: PlannerBroker[]; partitions: PlannerPartition[] } {
  const random = sequence(shape.seed);
  const brokers = Array.from({ length: shape.brokers }, (_, i) => ({
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
    for (let p = 0; p < count; p++) {
      const firstRack = Math.floor(random() * racks.length);
      const replicas = [0, 1, 2].map((k) => {
        const rack = racks[(firstRack + k) % racks.length] as number[];
        return rack[Math.floor(random() ** 2 * rack.length)] as number; // biased towards a rack's first brokers
      });
      partitions.push({
        topic: `topic-${topic}`,
        partition: p,
        replicas,
        leader: replicas[0] as number,
        sizeBytes: Math.floor(random() ** 4 * 50 * 1024 ** 3),
      });
    }
    topic++;
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
