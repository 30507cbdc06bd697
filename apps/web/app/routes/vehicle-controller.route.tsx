import { getVehicleRental } from '@yado/contract/vehicle-rental.contract';
import type { HeadersFunction, LinksFunction } from 'react-router';
import { VehicleController } from '../features/vehicle/components/vehicle-controller.component';
import { translatorFor } from '../lib/i18n';
import { languageFromPath } from '../lib/language';
import { titleMeta } from '../lib/page-meta';
import { PRIVATE_HEADERS, privateLoader } from '../lib/private-loader.server';
import leafletStylesHref from 'leaflet/dist/leaflet.css?url';
import vehicleStylesHref from '../styles/vehicle.css?url';
import type { Route } from './+types/vehicle-controller.route';

/**
 * /vehicle-controller/{vehicle_rental_id} (spec, section 2: dark, without the
 * analytics tag and the chat container): the renter's remote for the car.
 * The car's state is asked on each load; a car that does not answer in time
 * is shown as not answering.
 */
export async function loader(args: Route.LoaderArgs) {
  const { read } = privateLoader(args);
  const res = await read(getVehicleRental, { vehicleRentalId: args.params.vehicleRentalId });
  return { rental: res.vehicleRental, information: res.vehicleInformation, answered: res.vehicleAnswered };
}

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: leafletStylesHref },
  { rel: 'stylesheet', href: vehicleStylesHref },
];
export const headers: HeadersFunction = () => PRIVATE_HEADERS;
export const meta: Route.MetaFunction = ({ location }) =>
  titleMeta(translatorFor(languageFromPath(location.pathname))('rental:controller.title'));

export default function VehicleControllerRoute({ loaderData: d }: Route.ComponentProps) {
  return (
    <div className="page controller-page">
      <VehicleController rental={d.rental} information={d.information} answered={d.answered} />
    </div>
  );
}
