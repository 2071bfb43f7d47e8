/**
 * The public forms' words in English (the Join Us and contact forms): labels, buttons, the checks' messages, toasts and
 * refusals; core/i18n/forms/ur.ts translates them. A book of its own, so a page carries these strings only with a form.
 * The spec's strings are copied exactly.
 */
import { QUESTION_REQUIRED } from "#core/messages/common.ts";

export const formsEn = {
  /** What every form's checks say; `{label}` is the field's name in the message's language. */
  checks: {
    tooLong: "{label} must be at most {max} characters",
    notAllowed: "{label} contains a character that is not allowed",
    invalidEmail: "Invalid email",
    questionRequired: QUESTION_REQUIRED,
    entryTooLong: "Each entry must be at most {max} characters",
    tooManyEntries: "At most {max} entries",
    anEntry: "An entry",
    /** How long to wait before trying again, in the refusals' "try again in …". */
    aMinute: "a minute",
    minutes: "{count} minutes",
    hours: "{count} hours",
  },
  join: {
    title: "Fill the form below to Join us",
    description: "The two steps of the application: basic information, then a few questions.",
    confirmTitle: "Are you absolutely sure you want to join us?",
    confirmText:
      "By continuing you agree to become part of our mission: to grow in faith, knowledge and service together. We will keep you updated about our activities, events and opportunities.",
    continue: "Continue",
    cancel: "Cancel",
    close: "Close",
    step1: "Step 1 of 2: basic information",
    step2: "Step 2 of 2: a few questions",
    step1Name: "Join us, step 1",
    step2Name: "Join us, step 2",
    fullname: "Full name",
    class: "Class",
    department: "Department",
    sargodhaAddress: "Sargodha address",
    permanentAddress: "Permanent address",
    email: "Email",
    phone: "Phone",
    bloodGroup: "Blood group (optional)",
    bloodDonorQuestion: "Would you give blood when a patient needs it?",
    becomeBloodDonor: "Become a blood donor (opens in a new tab)",
    next: "Next",
    back: "Back",
    submit: "Join Us",
    goBack: "Go Back",
    listHint: "Type an entry and press Enter (or Add) after each one.",
    listHintWithoutScripts: "Separate the entries with commas.",
    add: "Add",
    addTo: "Add to: {label}",
    entries: "{label}: entries",
    remove: "Remove {entry}",
    nameRequired: "Name is required",
    classRequired: "Class is required",
    departmentRequired: "Department is required",
    streetAddressRequired: "Street address is required",
    permanentAddressRequired: "Permanent address is required",
    phoneRequired: "Phone number is required",
    /** The fields as the checks' messages name them. */
    nameLabel: "Name",
    streetAddressLabel: "Street address",
    emailLabel: "Email",
    phoneLabel: "Phone number",
    bloodGroupLabel: "Blood group",
    answerLabel: "Answer",
    processing: "Processing...",
    success: "Thank you for joining us, we will contact you soon!",
    failure: "Something went wrong while submitting. Try again.",
    closed: "Applications are closed at the moment.",
    tooManyFromNetwork: "Too many applications from your network. Please try again in {wait}.",
    tooManyForEmail: "Too many applications with this email today. Please try again in {wait}.",
  },
  contact: {
    title: "Contact Us",
    formName: "Contact form",
    name: "Name",
    email: "Email",
    message: "Message",
    send: "Send Message",
    fillAll: "Please fill all fields",
    success: "Thank you for contacting us! Email sent successfully.",
    failure: "Something went wrong while sending the email.",
    tooMany: "Too many messages from your network. Please try again in {wait}.",
  },
};

export type FormWords = typeof formsEn;
