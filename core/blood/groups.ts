/** The eight ABO/Rh blood groups, as donors and coordinators write them. */
export const BLOOD_GROUPS = ["O-", "O+", "A-", "A+", "B-", "B+", "AB-", "AB+"] as const;
export type BloodGroup = (typeof BLOOD_GROUPS)[number];

/** The groups as a form's choices, after an empty "Choose…" that the form's schema refuses. */
export const BLOOD_GROUP_OPTIONS = { "": "Choose…", ...Object.fromEntries(BLOOD_GROUPS.map((group) => [group, group])) };

export const isBloodGroup = (value: string): value is BloodGroup => (BLOOD_GROUPS as readonly string[]).includes(value);

/**
 * Red-cell compatibility: for each patient's group, the donors' groups whose red cells the patient can receive. O−
 * gives to everyone and AB+ takes from everyone. Read it as a coordinator's wall chart; `groups.test.ts` checks all 64
 * pairs against the antigens each group carries.
 */
export const RED_CELL_DONORS: Readonly<Record<BloodGroup, readonly BloodGroup[]>> = {
  "O-": ["O-"],
  "O+": ["O-", "O+"],
  "A-": ["O-", "A-"],
  "A+": ["O-", "O+", "A-", "A+"],
  "B-": ["O-", "B-"],
  "B+": ["O-", "O+", "B-", "B+"],
  "AB-": ["O-", "A-", "B-", "AB-"],
  "AB+": ["O-", "O+", "A-", "A+", "B-", "B+", "AB-", "AB+"],
};

export const canGiveRedCells = (donor: BloodGroup, patient: BloodGroup): boolean => RED_CELL_DONORS[patient].includes(donor);
