import { describe, expect, test } from "vitest";
import { inTurnQueue } from "./in-turn";

describe("inTurnQueue", () => {
  test("tasks take turns: never more at once than the queue allows, in arrival order", async () => {
    const inTurn = inTurnQueue(2);
    let running = 0;
    let mostAtOnce = 0;
    const finished: number[] = [];
    const task = (id: number) => async () => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await new Promise((resolve) => setTimeout(resolve, 10));
      running -= 1;
      finished.push(id);
      return id;
    };
    expect(await Promise.all([1, 2, 3, 4, 5, 6].map((id) => inTurn(task(id))))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(mostAtOnce).toBe(2);
    expect(finished.slice(0, 2).sort()).toEqual([1, 2]);
    expect(await inTurn(() => Promise.reject(new Error("boom"))).catch((error: Error) => error.message)).toBe("boom");
    expect(await inTurn(task(7))).toBe(7); // a failed task gave its turn back
  });

  test("with a bound, tasks beyond the running and the waiting ones are refused at once; a freed place takes one again", async () => {
    const inTurn = inTurnQueue(1, { maxWaiting: 2, whenFull: () => new Error("full") });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const started: number[] = [];
    const task = (id: number) => async () => {
      started.push(id);
      await held;
      return id;
    };
    const accepted = [1, 2, 3].map((id) => inTurn(task(id)));
    await expect(inTurn(task(4))).rejects.toThrow("full");
    await expect(inTurn(task(5))).rejects.toThrow("full");
    expect(started).toEqual([1]);
    release();
    expect(await Promise.all(accepted)).toEqual([1, 2, 3]);
    expect(started).toEqual([1, 2, 3]);
    expect(await inTurn(task(6))).toBe(6);
  });
});
