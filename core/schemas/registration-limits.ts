/**
 * The registration form's limits: without zod, so the announcement cards (which load with every public page) can use
 * them too. What the form says is core/messages/registration.ts.
 */

export const REGISTRATION_LIMITS = {
  name: 100,
  email: 254,
  phone: 20,
  class: 50,
  shortAnswer: 200,
  longAnswer: 2000,
  questions: 5,
  question: 200,
  choices: 10,
  choice: 100,
  capacity: 10_000,
  /** Registrations for one announcement from one client network (an IPv4 address, or an IPv6 /64). */
  perNetwork: 5,
} as const;
