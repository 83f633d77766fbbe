/**
 * India's states and union territories (spec 000 §3: "A list of Indian states and union territories is included"),
 * by their current names: 28 states and 8 union territories (Dadra and Nagar Haveli and Daman and Diu merged in
 * 2020; Ladakh a union territory since 2019). Where an Indian address is entered the state is chosen from this list,
 * and the API refuses any other (docs/decisions.md, issue 36).
 */
export const INDIAN_STATES = [
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chhattisgarh',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
] as const;

export const INDIAN_UNION_TERRITORIES = [
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Jammu and Kashmir',
  'Ladakh',
  'Lakshadweep',
  'Puducherry',
] as const;

export type IndianState = (typeof INDIAN_STATES)[number] | (typeof INDIAN_UNION_TERRITORIES)[number];

/** The 36 choices of a select, states first then union territories, each group in alphabetical order. */
export const INDIAN_STATES_AND_UNION_TERRITORIES: readonly IndianState[] = [
  ...INDIAN_STATES,
  ...INDIAN_UNION_TERRITORIES,
];

export const UNKNOWN_INDIAN_STATE_MESSAGE = 'Choose one of the states and union territories of India';

/** Whether a name is one of India's states or union territories (exactly as listed). */
export function isIndianState(name: string): name is IndianState {
  return (INDIAN_STATES_AND_UNION_TERRITORIES as readonly string[]).includes(name);
}
