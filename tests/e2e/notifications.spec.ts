import { announcementsEn } from "#core/i18n/announcements/en.ts";
import { ANNOUNCEMENT_NOTIFICATION } from "#core/messages/push.ts";
import { expect, test } from "./fixtures";

/**
 * Push notifications, from the button to the push service. The browser's own push service is out of reach here, so
 * the page's `pushManager.subscribe` answers a subscription to the server's local one (tests/shared/push-endpoint.ts),
 * which decrypts what the server sends it; everything else (the post, the admin's save, the worker, the encryption,
 * VAPID) runs for real.
 */
test.use({ serviceWorkers: "allow" });

test("Get notified subscribes this browser; a new announcement is pushed to it once with its title, first line and link; the same button then stops them", async ({
  page,
  context,
  server,
  database,
  signInAsAdmin,
  baseURL,
}) => {
  const subscription = server.push.subscribe();
  await context.grantPermissions(["notifications"]);
  await context.addInitScript((json) => {
    const held = () => (localStorage.getItem("stub-push-held") === "1" ? stubbed : null);
    const stubbed = {
      endpoint: json.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      toJSON: () => json,
      getKey: () => null,
      unsubscribe: async () => {
        localStorage.removeItem("stub-push-held");
        return true;
      },
    };
    PushManager.prototype.subscribe = async () => {
      localStorage.setItem("stub-push-held", "1");
      return stubbed as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () => held() as unknown as PushSubscription | null;
  }, subscription);
  const subscribers = () => database.db.selectFrom("pushSubscriptions").select("endpoint").execute();

  await page.goto("/announcement");
  await page.getByRole("button", { name: announcementsEn.notify.subscribe }).click();
  await expect(page.getByText(announcementsEn.notify.on, { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: announcementsEn.notify.unsubscribe })).toBeVisible();
  expect(await subscribers()).toEqual([{ endpoint: subscription.endpoint }]);
  // The page remembers: opened again, it offers to stop them.
  await page.reload();
  await expect(page.getByRole("button", { name: announcementsEn.notify.unsubscribe })).toBeVisible();

  await signInAsAdmin();
  await page.goto("/admin-announcement");
  await page.getByRole("button", { name: "Create Now" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Announcement" });
  await expect(dialog.getByRole("checkbox", { name: ANNOUNCEMENT_NOTIFICATION.label })).toBeChecked();
  await expect(dialog.getByText(ANNOUNCEMENT_NOTIFICATION.hint(1))).toBeVisible();
  await dialog.getByLabel("Title", { exact: true }).fill("Blood donation camp 🩸");
  await dialog.getByLabel("Description", { exact: true }).fill("Saturday at 10 am in the main hall.\nBring your student card.");
  await dialog.getByRole("button", { name: "Create Announcement" }).click();
  await expect(page.getByText("Announcement created!", { exact: true })).toBeVisible();

  const [pushed] = await server.push.waitFor(1);
  const { id } = await database.db.selectFrom("announcements").select("id").executeTakeFirstOrThrow();
  expect(JSON.parse(pushed!.body)).toMatchObject({
    title: "Blood donation camp 🩸",
    body: "Saturday at 10 am in the main hall.",
    url: `${baseURL}/announcement/${id}`,
  });
  // Saved again, it is not pushed again; the form says when it went instead of offering it.
  await page.getByRole("button", { name: "Edit Blood donation camp 🩸" }).click();
  const edit = page.getByRole("dialog", { name: "Edit announcement" });
  await expect(edit.getByText(/^Notification sent on .+ to 1 browser\.$/)).toBeVisible();
  await expect(edit.getByRole("checkbox", { name: ANNOUNCEMENT_NOTIFICATION.label })).toHaveCount(0);

  await page.goto("/announcement");
  await page.getByRole("button", { name: announcementsEn.notify.unsubscribe }).click();
  await expect(page.getByText(announcementsEn.notify.off, { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: announcementsEn.notify.subscribe })).toBeVisible();
  await expect.poll(subscribers).toEqual([]);
  expect(server.push.received()).toHaveLength(1);
});
