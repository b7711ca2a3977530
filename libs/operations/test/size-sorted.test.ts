import { expect } from "chai";
import { SizeSorted } from "../src/planner/size-sorted.js";

describe("the planner's size-sorted replica lists (pure)", () => {
  // Partition index → size; 1, 3 and 4 share a size, so their order is by index.
  const size = [50, 10, 70, 10, 10, 30];

  it("keeps partitions in ascending size, equal sizes by index, whatever order they arrive in", () => {
    const list = new SizeSorted(size);
    for (const p of [2, 4, 0, 1, 5, 3]) list.insert(p);
    expect(list.items).to.deep.equal([1, 3, 4, 5, 0, 2]);
    expect(list.length).to.equal(6);
  });

  it("removes exactly the partition asked for, even among equal sizes, and says when it was not there", () => {
    const list = new SizeSorted(size, [1, 3, 4, 5, 0, 2]);
    expect(list.remove(3)).to.equal(true);
    expect(list.items).to.deep.equal([1, 4, 5, 0, 2]);
    expect(list.remove(3)).to.equal(false);
    expect(list.items).to.deep.equal([1, 4, 5, 0, 2]);
  });

  it("finds where a size starts: the first entry at least that large (the start of a nearest-size search)", () => {
    const list = new SizeSorted(size, [1, 3, 4, 5, 0, 2]);
    expect(list.position(10)).to.equal(0);
    expect(list.position(11)).to.equal(3);
    expect(list.position(50)).to.equal(4);
    expect(list.position(71)).to.equal(6);
  });

  it("agrees with a full sort after many random inserts and removals", () => {
    let state = 7;
    const random = () => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state / 2 ** 31;
    };
    const sizes = Array.from({ length: 500 }, () => Math.floor(random() * 40));
    const list = new SizeSorted(sizes);
    const present = new Set<number>();
    for (let i = 0; i < 5_000; i++) {
      const p = Math.floor(random() * sizes.length);
      if (present.has(p)) {
        expect(list.remove(p)).to.equal(true);
        present.delete(p);
      } else {
        list.insert(p);
        present.add(p);
      }
    }
    const expected = [...present].sort((a, b) => (sizes[a] as number) - (sizes[b] as number) || a - b);
    expect(list.items).to.deep.equal(expected);
  });
});
