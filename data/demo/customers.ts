// Demo customers: Singapore business accounts on credit terms and a few walk-in style regulars (no credit).
import type { Customer } from '../../plugins/customers/schemas.js';
/** A demo customer: the customer form's fields, every one given (null where blank). */
export type DemoCustomer = Pick<Customer, 'name' | 'phone' | 'email' | 'company' | 'uen' | 'billing_address' | 'credit_limit' | 'credit_terms_days'>;

export const demoCustomers: DemoCustomer[] = [
  {
    name: 'Mdm Tan Siew Ling', phone: '+65 6452 1180', email: 'admin@tampinesnorthpri.edu.sg',
    company: 'Tampines North Primary School', uen: 'T08GB0051K',
    billing_address: '30 Tampines Street 41, Singapore 529258', credit_limit: 5000, credit_terms_days: 60,
  },
  {
    name: 'Mr Rajesh Kumar', phone: '+65 6768 3321', email: 'procurement@woodlandsridgesec.edu.sg',
    company: 'Woodlands Ridge Secondary School', uen: 'T08GB0093C',
    billing_address: '11 Woodlands Drive 62, Singapore 737943', credit_limit: 4000, credit_terms_days: 60,
  },
  {
    name: 'Ms Chloe Ng', phone: '+65 9123 4567', email: 'chloe@rhythmdance.sg',
    company: 'Rhythm & Motion Dance Studio', uen: '201815234N',
    billing_address: '#03-12 Peninsula Shopping Centre, 3 Coleman Street, Singapore 179804', credit_limit: 1500, credit_terms_days: 30,
  },
  {
    name: 'Mr Muhammad Hafiz bin Ismail', phone: '+65 6749 8800', email: 'accounts@vanguardguard.com.sg',
    company: 'Vanguard Guardforce Security Pte Ltd', uen: '200906721W',
    billing_address: '6 Ubi Road 1, #05-09 Wintech Centre, Singapore 408726', credit_limit: 3000, credit_terms_days: 30,
  },
  {
    name: 'Ms Priya Nair', phone: '+65 6338 8585', email: 'purchasing@harbourviewhotel.com.sg',
    company: 'Harbourview Hotel Singapore', uen: '199704518E',
    billing_address: '1 Harbourfront Avenue, Singapore 098632', credit_limit: 5000, credit_terms_days: 30,
  },
  {
    name: 'Mr Lim Wei Jie', phone: '+65 6294 7711', email: 'wj.lim@kallangfootballacademy.sg',
    company: 'Kallang Youth Football Academy', uen: '201731190Z',
    billing_address: '7 Stadium Walk, #02-05, Singapore 397693', credit_limit: 2000, credit_terms_days: 14,
  },
  {
    name: 'Mrs Goh Mei Hua', phone: '+65 6255 0393', email: 'office@sunshinekids.sg',
    company: 'Sunshine Kids Childcare Centre', uen: '53271845B',
    billing_address: 'Blk 415 Ang Mo Kio Avenue 10, #01-1003, Singapore 560415', credit_limit: 800, credit_terms_days: 14,
  },
  {
    name: 'Mr Daniel Koh', phone: '+65 6862 4450', email: 'daniel.koh@swiftlogistics.com.sg',
    company: 'Swift Line Logistics Pte Ltd', uen: '201502876H',
    billing_address: '21 Tuas Avenue 4, Singapore 639385', credit_limit: 2500, credit_terms_days: 30,
  },
  {
    name: 'Ms Nurul Aisyah', phone: '+65 9876 5432', email: 'nurul.aisyah@gmail.com',
    company: null, uen: null, billing_address: 'Blk 123 Bedok North Street 2, #08-45, Singapore 460123',
    credit_limit: 500, credit_terms_days: 14,
  },
  {
    name: 'Mr Jason Teo', phone: '+65 8234 5678', email: 'jason.teo88@hotmail.com',
    company: null, uen: null, billing_address: null, credit_limit: 0, credit_terms_days: 0,
  },
  {
    name: 'Mdm Wong Ah Mui', phone: '+65 9011 2233', email: null,
    company: null, uen: null, billing_address: 'Blk 56 Toa Payoh Lorong 6, #04-210, Singapore 310056',
    credit_limit: 0, credit_terms_days: 0,
  },
  {
    name: 'Ms Sarah Lee', phone: '+65 8765 4321', email: 'sarah.lee@outlook.com',
    company: null, uen: null, billing_address: null, credit_limit: 0, credit_terms_days: 0,
  },
];
