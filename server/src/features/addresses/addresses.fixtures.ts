/** A valid delivery address, as the checkout form sends it. */
export const HOME_ADDRESS = {
  name: 'Ada Lovelace',
  phone: '0123456789',
  line1: '12 St James Square',
  city: 'London',
  postalCode: 'SW1Y 4LB',
  country: 'United Kingdom',
};
