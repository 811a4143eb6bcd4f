import { AnnouncementMailSwitch } from '../../features/announcements/components/announcements';
import SettingsPage from '../../features/account/pages/settings-page';

/** /dashboard/settings: the account, and whether announcements are mailed (issue 34). */
export default function SettingsRoute() {
  return (
    <div className="space-y-6">
      <SettingsPage />
      <div className="max-w-3xl">
        <AnnouncementMailSwitch />
      </div>
    </div>
  );
}
