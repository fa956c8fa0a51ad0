// /frame/fleet-fueling and /fleet-fueling.html (product.md 2.1, 2.10, 3, 4, 5.6): the fleet fueling
// application on one page, in section components; the date and time start at the moment the form
// opens, the user-agent field tells the credit department what the applicant used.
import ApplicationShell from './ApplicationShell';
import FleetAccount from './FleetAccount';
import FleetCompany, { FleetPrincipals } from './FleetCompany';
import FleetFinance from './FleetFinance';
import FleetGuaranty from './FleetGuaranty';
import FleetHowHeard from './FleetHowHeard';
import FleetSignature from './FleetSignature';
import { FLEET, FLEET_CARDS, signedNow } from './fleet';
import { useApplication } from './useApplication';

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
