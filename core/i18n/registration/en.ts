/**
 * The words of registering for an announcement in English: the registration form and its page, the "Confirm your place"
 * page, the registrant's mails and their ticket's page; core/i18n/registration/ur.ts translates them. A book of its
 * own, so a page carries these strings only with a registration page (the browser's scripts import this English book
 * only). The checks' words every form shares (a length cap, an invalid email) are the forms book's `checks`. The
 * questions the committee wrote are content: they stay as written.
 */
export const registrationEn = {
  /** The registration form and its page, and what its action answers. */
  register: {
    /** The page's heading and title; `{heading}` is the announcement's. */
    title: "Register: {heading}",
    formName: "Registration form",
    name: "Name",
    email: "Email",
    phone: "Phone number",
    class: "Class",
    classHint: "Your year or class, as the college names it.",
    optional: "Optional.",
    register: "Register",
    joinWaitingList: "Join the waiting list",
    onePlaceLeft: "1 place left.",
    placesLeft: "{count} places left.",
    /** `{when}`: the time registering closes, as the site writes times. */
    closesAt: "Registration closes {when}.",
    backToAnnouncement: "Back to the announcement",
    nameRequired: "Name is required",
    phoneRequired: "Phone number is required",
    classRequired: "Class is required",
    /** An answer to a question, as a check's message names it ("An answer must be at most 200 characters"). */
    answerLabel: "An answer",
    chooseOne: "Choose one of the options",
    /** The form took a registration: it holds no place until it is confirmed from its mail. */
    sent: "Almost done: a confirmation mail is on its way to your email. Open the link in it within 24 hours and press Confirm; until you do, no place is kept for you.",
    full: "All places are taken. You can join the waiting list: if a place opens, you move up and get an email.",
    alreadyRegistered: "This email is already registered for this announcement.",
    /** `{limit}`: how many registrations one network may make for an announcement. */
    networkLimit:
      "{limit} registrations for this announcement have come from your network, the most one network may make. Register from another connection, such as mobile data.",
    tooManyFromNetwork: "Too many registrations from your network. Try again in {wait}.",
    notOpen: "This announcement does not take registrations.",
    failure: "Something went wrong while registering. Try again.",
  },
  /** The page a "Confirm your place" link opens. */
  confirm: {
    /** The page's heading and title; `{heading}` is the announcement's. */
    title: "Confirm your place: {heading}",
    /** The page's title without an announcement, and its form's name. */
    confirmYourPlace: "Confirm your place",
    explanation:
      "Press Confirm to take your place. Places go to those who confirm first; if they are all taken, you join the waiting list.",
    confirm: "Confirm",
    registered: "You're registered: your place is confirmed. A mail with the details is on its way to your email.",
    waiting: "All places are taken, so you're on the waiting list (number {position}). If a place opens, you move up and get an email.",
    /** A link that is unknown, used already, or past its 24 hours. */
    linkGone:
      "This link no longer works: it has been used, or its 24 hours are over. If you confirmed your place, a mail told you so; otherwise, register again.",
    registerAgain: "Register again",
    showTicket: "Show your ticket",
  },
  /** The registrant's mails: "Confirm your place", then registered, on the waiting list, or moved up from it. */
  mail: {
    /** `{name}`: the typed name, only when it looks like a person's; else `helloAnyone`. */
    hello: "Hello {name},",
    helloAnyone: "Hello,",
    /** The ticket's QR code in the mail, for a mail program that reads it out or shows no images. */
    qrAlt: "Your ticket's QR code",
    when: "When: {when}",
    where: "Where: {where}",
    /** `{link}`: the announcement's page. */
    announcement: "The announcement: {link}",
    confirmSubject: "Confirm your place: {heading}",
    confirmOpening:
      'This address was given to register for "{heading}". No place is kept for you until you confirm it: open this link and press Confirm.',
    /** The line before the confirming link. */
    confirmLink: "Confirm your place:",
    linkRules:
      "The link works for 24 hours. Places go to those who confirm first; if they are all taken when you confirm, you join the waiting list.",
    notYou: "If you did not register, ignore this mail: the registration is deleted after 24 hours and nothing more is sent.",
    registeredSubject: "Registered: {heading}",
    waitingSubject: "Waiting list: {heading}",
    promotedSubject: "A place opened: you're registered for {heading}",
    registered: 'You\'re registered for "{heading}".',
    waiting:
      'All places for "{heading}" are taken, so you\'re on the waiting list (number {position}). If a place opens, you move up and get an email.',
    promoted: 'A place opened for "{heading}" and it is yours: you\'re registered.',
    /** The line before the ticket's link. */
    ticket: "Your ticket, to show at the door (its QR code is attached too):",
    waitingTicket: "Your ticket shows your place on the waiting list, and lets you in if you move up:",
    calendar: "The attached calendar file adds the event to your calendar.",
    cannotCome: "If you cannot come, reply to this mail so your place can go to someone else.",
    noLongerWant: "If you no longer want a place, reply to this mail.",
  },
  /** A registrant's ticket: the page its mailed link, its QR code and the confirmation's "Show your ticket" open. */
  ticket: {
    /** The page's title; `{heading}` is the announcement's. */
    title: "Your ticket: {heading}",
    heading: "Your ticket",
    /** The QR code's name, as a screen reader says it. */
    qrCode: "QR code of your ticket",
    /** Before the short code to read out at the door. */
    code: "Code",
    registered: "Your place is confirmed.",
    waiting: "On the waiting list (number {position}). If a place opens, you move up and get an email; this ticket then lets you in.",
    atTheDoor: "At the door, show this QR code or read out the code. Keep this link to yourself: it is your place.",
    /** The page's heading and title for a token that is no ticket. */
    notFoundTitle: "Ticket not found",
    notFound:
      "This ticket link does not work. Check that it was copied whole from your registration mail; if your registration was removed, the ticket went with it.",
  },
};

export type RegistrationWords = typeof registrationEn;
