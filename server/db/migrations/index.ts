import type { Migration } from "kysely";
import * as initial from "./2026-11-22T04-30-00_initial";
import * as admin from "./2026-11-22T05-00-00_admin";
import * as applications from "./2026-11-23T08-00-00_applications";
import * as mail from "./2026-11-23T08-30-00_mail";
import * as siteContent from "./2026-11-27T08-00-00_site-content";
import * as contentEdits from "./2026-11-27T11-00-00_content-edits";
import * as menusFromGalleries from "./2026-11-27T16-00-00_menus-from-galleries";
import * as videoUploads from "./2026-11-27T22-40-00_video-uploads";
import * as possibleDuplicates from "./2026-11-29T01-00-00_possible-duplicates";
import * as requestWorkflow from "./2026-11-29T05-00-00_request-workflow";
import * as personalData from "./2026-11-29T05-30-00_personal-data";
import * as messageInbox from "./2026-11-29T06-00-00_message-inbox";
import * as mailSettings from "./2026-11-29T08-00-00_mail-settings";
import * as announcementEditing from "./2026-11-29T10-00-00_announcement-editing";
import * as announcementEvents from "./2026-11-29T11-00-00_announcement-events";
import * as registrations from "./2026-11-29T14-00-00_registrations";
import * as adminAccounts from "./2026-11-29T20-00-00_admin-accounts";
import * as twoFactor from "./2026-11-29T21-30-00_two-factor";
import * as sessionPlaces from "./2026-11-29T22-00-00_session-places";
import * as reauthentication from "./2026-11-29T22-30-00_reauthentication";
import * as auditAddresses from "./2026-11-29T23-00-00_audit-addresses";
import * as linkSecrets from "./2026-12-02T10-00-00_link-secrets";
import * as registrationConfirmation from "./2026-12-02T12-00-00_registration-confirmation";
import * as secretsAtRest from "./2026-12-02T11-00-00_secrets-at-rest";
import * as setupStartAndFailureCounts from "./2026-12-02T13-00-00_setup-start-and-failure-counts";
import * as bloodDonors from "./2026-12-05T00-00-00_blood-donors";
import * as bloodRequests from "./2026-12-05T01-00-00_blood-requests";
import * as bloodCoordinators from "./2026-12-05T02-00-00_blood-coordinators";
import * as donationIntervals from "./2026-12-05T03-00-00_donation-intervals";
import * as members from "./2026-12-05T04-00-00_members";
import * as checkIns from "./2026-12-06T00-00-00_check-ins";
import * as doorLinks from "./2026-12-06T01-00-00_door-links";
import * as checkInScans from "./2026-12-06T02-00-00_check-in-scans";
import * as certificates from "./2026-12-06T03-00-00_certificates";
import * as pushNotifications from "./2026-12-07T01-00-00_push-notifications";
import * as urduContent from "./2026-12-07T02-00-00_urdu-content";
import * as urduConfirmation from "./2026-12-07T03-00-00_urdu-confirmation";
import * as registrationLocale from "./2026-12-07T04-00-00_registration-locale";
import * as appScreenshots from "./2026-12-07T05-00-00_app-screenshots";

/**
 * Every migration, by its timestamped name. Listed statically (not read from the folder) so the
 * migrations travel inside any bundle of the server. Add new ones at the end.
 */
export const migrations: Record<string, Migration> = {
  "2026-11-22T04-30-00_initial": initial,
  "2026-11-22T05-00-00_admin": admin,
  "2026-11-23T08-00-00_applications": applications,
  "2026-11-23T08-30-00_mail": mail,
  "2026-11-27T08-00-00_site-content": siteContent,
  "2026-11-27T11-00-00_content-edits": contentEdits,
  "2026-11-27T16-00-00_menus-from-galleries": menusFromGalleries,
  "2026-11-27T22-40-00_video-uploads": videoUploads,
  "2026-11-29T01-00-00_possible-duplicates": possibleDuplicates,
  "2026-11-29T05-00-00_request-workflow": requestWorkflow,
  "2026-11-29T05-30-00_personal-data": personalData,
  "2026-11-29T06-00-00_message-inbox": messageInbox,
  "2026-11-29T08-00-00_mail-settings": mailSettings,
  "2026-11-29T10-00-00_announcement-editing": announcementEditing,
  "2026-11-29T11-00-00_announcement-events": announcementEvents,
  "2026-11-29T14-00-00_registrations": registrations,
  "2026-11-29T20-00-00_admin-accounts": adminAccounts,
  "2026-11-29T21-30-00_two-factor": twoFactor,
  "2026-11-29T22-00-00_session-places": sessionPlaces,
  "2026-11-29T22-30-00_reauthentication": reauthentication,
  "2026-11-29T23-00-00_audit-addresses": auditAddresses,
  "2026-12-02T10-00-00_link-secrets": linkSecrets,
  "2026-12-02T11-00-00_secrets-at-rest": secretsAtRest,
  "2026-12-02T12-00-00_registration-confirmation": registrationConfirmation,
  "2026-12-02T13-00-00_setup-start-and-failure-counts": setupStartAndFailureCounts,
  "2026-12-05T00-00-00_blood-donors": bloodDonors,
  "2026-12-05T01-00-00_blood-requests": bloodRequests,
  "2026-12-05T02-00-00_blood-coordinators": bloodCoordinators,
  "2026-12-05T03-00-00_donation-intervals": donationIntervals,
  "2026-12-05T04-00-00_members": members,
  "2026-12-06T00-00-00_check-ins": checkIns,
  "2026-12-06T01-00-00_door-links": doorLinks,
  "2026-12-06T02-00-00_check-in-scans": checkInScans,
  "2026-12-06T03-00-00_certificates": certificates,
  "2026-12-07T01-00-00_push-notifications": pushNotifications,
  "2026-12-07T02-00-00_urdu-content": urduContent,
  "2026-12-07T03-00-00_urdu-confirmation": urduConfirmation,
  "2026-12-07T04-00-00_registration-locale": registrationLocale,
  "2026-12-07T05-00-00_app-screenshots": appScreenshots,
};
