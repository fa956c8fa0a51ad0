// /frame/fleet-fueling and /fleet-fueling.html (product.md 2.1, 2.10, 3, 4, 5.6): the fleet fueling
// application on one page, in section components; the date and time start at the moment the form
// opens, the user-agent field tells the credit department what the applicant used.
import ApplicationShell from './ApplicationShell.tsx';
import FleetAccount from './FleetAccount.tsx';
import FleetCompany, { FleetPrincipals } from './FleetCompany.tsx';
import FleetFinance from './FleetFinance.tsx';
import FleetGuaranty from './FleetGuaranty.tsx';
import FleetHowHeard from './FleetHowHeard.tsx';
import FleetSignature from './FleetSignature.tsx';
import { FLEET, FLEET_CARDS, signedNow } from './fleet.ts';
import { useApplication } from './useApplication.ts';

const initial = () => ({
  fuel_spend: '0',
  cards: String(FLEET_CARDS.default),
  business_type: [] as string[],
  guaranty: [] as string[],
});
const atMount = () => ({ ...signedNow(new Date()), user_agent: navigator.userAgent });

export default function FleetForm() {
  const state = useApplication(FLEET, initial, atMount);
  return (
    <ApplicationShell state={state}>
      <FleetCompany />
      <FleetPrincipals />
      <FleetAccount />
      <FleetFinance />
      <FleetSignature />
      <FleetGuaranty />
      <FleetHowHeard />
    </ApplicationShell>
  );
}
