import type { Property } from '@shared/schemas/property';
import type { AgencySettings } from '@shared/schemas/settings';

/** schema.org JSON-LD of the public pages. */
type Thing = Record<string, unknown>;

const HEBREW_DAYS: Record<string, string> = { א: 'Su', ב: 'Mo', ג: 'Tu', ד: 'We', ה: 'Th', ו: 'Fr', ש: 'Sa' };
const pad = (time: string) => time.padStart(5, '0');

/**
 * The office hours as schema.org's openingHours ('ימים א׳-ה׳, 9:00-16:00' gives 'Su-Th 09:00-16:00');
 * undefined when the text is not in that form.
 */
export function openingHours(text: string): string | undefined {
  const match = /([אבגדהוש])['׳]?\s*-\s*([אבגדהוש])['׳]?[,\s]+(\d{1,2}:\d{2})\s*-\s*(\d{1,2}:\d{2})/.exec(
    text,
  );
  if (!match) return undefined;
  const [, from = '', to = '', open = '', close = ''] = match;
  return `${HEBREW_DAYS[from]}-${HEBREW_DAYS[to]} ${pad(open)}-${pad(close)}`;
}

export function realEstateAgent(settings: AgencySettings, origin: string, image?: string): Thing {
  const hours = openingHours(settings.officeHours);
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateAgent',
    '@id': `${origin}/#agency`,
    name: settings.agencyName,
    url: `${origin}/`,
    telephone: settings.phone,
    email: settings.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: settings.address,
      addressLocality: settings.city,
      addressCountry: 'IL',
    },
    ...(hours ? { openingHours: hours } : {}),
    ...(image ? { image } : {}),
    sameAs: [settings.facebookUrl, settings.instagramUrl].filter(Boolean),
  };
}

/** A branch's office as the public site shows it (its page's head). */
type BranchOffice = {
  name: string;
  slug: string;
  city: string;
  address: string;
  phone: string;
  openingHours: string;
};

/**
 * A branch as a RealEstateAgent of its own (its page, /branches/<slug>): its address and telephone, its hours
 * when they read as schema.org's, and the agency as the organisation it belongs to.
 */
export function branchRealEstateAgent(
  branch: BranchOffice,
  settings: AgencySettings,
  origin: string,
  url: string,
): Thing {
  const hours = openingHours(branch.openingHours);
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateAgent',
    '@id': `${url}#branch`,
    name: `${settings.agencyName} – ${branch.name}`,
    url,
    ...(branch.phone ? { telephone: branch.phone } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: branch.address,
      ...(branch.city ? { addressLocality: branch.city } : {}),
      addressCountry: 'IL',
    },
    ...(hours ? { openingHours: hours } : {}),
    parentOrganization: { '@type': 'RealEstateAgent', '@id': `${origin}/#agency`, name: settings.agencyName },
  };
}

/**
 * The schema.org type of a category: flats are Apartments, houses SingleFamilyResidence, offices, shops and
 * anything else an Accommodation (the type whose properties are rooms and floor size), and land a Place.
 */
function accommodationType(category: string): string {
  if (/^(דירה|דירת גן|פנטהאוז|דירת גן דופלקס|פנטהאוז דופלקס)$/.test(category)) return 'Apartment';
  if (/^(בית|וילה|קוטג'|דו משפחתי)$/.test(category)) return 'SingleFamilyResidence';
  if (category === 'שטח') return 'Place';
  return 'Accommodation';
}

const area = (size: number) => ({ '@type': 'QuantitativeValue', value: size, unitCode: 'MTK' });

/** Rooms and floor size where the type has them (Accommodation); a plot's area as a Place's property value. */
function sizeFacts(type: string, property: Property): Thing {
  if (type === 'Place') {
    return property.size !== null
      ? {
          additionalProperty: {
            '@type': 'PropertyValue',
            name: 'שטח',
            value: property.size,
            unitCode: 'MTK',
          },
        }
      : {};
  }
  return {
    ...(property.rooms !== null ? { numberOfRooms: property.rooms } : {}),
    ...(property.size !== null ? { floorSize: area(property.size) } : {}),
  };
}

export function propertyOffer(
  property: Property,
  opts: { url: string; name: string; images: string[]; settings: AgencySettings; origin: string },
): Thing {
  const type = accommodationType(property.category);
  const item: Thing = {
    '@type': type,
    name: opts.name,
    url: opts.url,
    address: {
      '@type': 'PostalAddress',
      streetAddress: property.address,
      addressLocality: property.city,
      addressCountry: 'IL',
    },
    ...(property.description ? { description: property.description } : {}),
    ...sizeFacts(type, property),
    ...(property.features.length
      ? {
          amenityFeature: property.features.map((name) => ({
            '@type': 'LocationFeatureSpecification',
            name,
            value: true,
          })),
        }
      : {}),
    ...(opts.images.length ? { image: opts.images } : {}),
  };
  const isRent = property.typeTransaction === 'השכרה';
  return {
    '@context': 'https://schema.org',
    '@type': 'Offer',
    url: opts.url,
    name: opts.name,
    price: property.price,
    priceCurrency: 'ILS',
    businessFunction: isRent
      ? 'http://purl.org/goodrelations/v1#LeaseOut'
      : 'http://purl.org/goodrelations/v1#Sell',
    availability: property.sold ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
    ...(isRent
      ? {
          priceSpecification: {
            '@type': 'UnitPriceSpecification',
            price: property.price,
            priceCurrency: 'ILS',
            unitCode: 'MON',
          },
        }
      : {}),
    itemOffered: item,
    offeredBy: {
      '@type': 'RealEstateAgent',
      '@id': `${opts.origin}/#agency`,
      name: opts.settings.agencyName,
    },
  };
}

export function breadcrumbs(items: { name: string; url: string }[]): Thing {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: item.url,
    })),
  };
}
