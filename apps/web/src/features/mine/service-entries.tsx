import { isStaff } from '@haoshi/contracts';
import { useCurrentUser } from '@/core/current-user';
import { EntryList } from './entry-list';
import { diagnosticsEntry, mineMessages, serviceEntries } from './messages';

/** Help and legal pages; diagnostics (it shows the sign header) for staff, or in a development build. */
export function ServiceEntries({ loggedIn }: { loggedIn: boolean }) {
  const user = useCurrentUser(loggedIn);
  const forTheTeam = import.meta.env.DEV || (loggedIn && isStaff(user.data?.roles ?? []));
  return (
    <EntryList
      header={mineMessages.servicesTitle}
      entries={forTheTeam ? [...serviceEntries, diagnosticsEntry] : serviceEntries}
    />
  );
}
