/** The six join questions as seeded applications store them (both the integration and the browser suites seed these). */
export const SEED_QUESTIONS = [
  "What do you know about our vision?",
  "Why do you want to join us?",
  "What does the poet's philosophy mean to you as a student?",
  "What is your relation with the Quran?",
  "Enlist your hobbies",
  "Enlist the books you read other than academic books",
] as const;
