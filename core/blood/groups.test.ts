import { describe, expect, test } from "vitest";
import { BLOOD_GROUPS, type BloodGroup, canGiveRedCells, isBloodGroup, RED_CELL_DONORS } from "./groups";

/** The antigens a group's red cells carry: A and B from ABO, D from Rh. */
const antigens = (group: BloodGroup): Set<string> => {
  const abo = group.slice(0, -1);
  return new Set([...(abo === "O" ? [] : abo.split("")), ...(group.endsWith("+") ? ["D"] : [])]);
};

describe("red-cell compatibility", () => {
  // A patient can receive red cells that carry no antigen the patient's own cells lack.
  test.each(BLOOD_GROUPS.flatMap((donor) => BLOOD_GROUPS.map((patient) => [donor, patient] as const)))(
    "%s donor, %s patient",
    (donor, patient) => {
      const expected = [...antigens(donor)].every((antigen) => antigens(patient).has(antigen));
      expect(canGiveRedCells(donor, patient)).toBe(expected);
    },
  );

  test("O- gives to everyone and AB+ takes from everyone; each group's donors are listed once", () => {
    for (const patient of BLOOD_GROUPS) expect(canGiveRedCells("O-", patient)).toBe(true);
    expect([...RED_CELL_DONORS["AB+"]].sort()).toEqual([...BLOOD_GROUPS].sort());
    for (const donors of Object.values(RED_CELL_DONORS)) expect(new Set(donors).size).toBe(donors.length);
  });

  test("only the eight groups are blood groups", () => {
    expect(BLOOD_GROUPS.every(isBloodGroup)).toBe(true);
    for (const other of ["", "O", "AB", "o+", "A +", "C+", "AB+ "]) expect(isBloodGroup(other)).toBe(false);
  });
});
