// Synthetic drivers: common US first names (by gender) and surnames, ages of people who drive, an ethnicity mix.
import type { DriverInput } from '../report-input.ts';
import type { Random } from './random.ts';

const FEMALE = ['Mary', 'Jennifer', 'Linda', 'Patricia', 'Elizabeth', 'Susan', 'Jessica', 'Sarah', 'Karen', 'Lisa', 'Nancy', 'Ashley', 'Emily', 'Michelle', 'Amanda', 'Melissa', 'Stephanie', 'Rebecca', 'Laura', 'Maria', 'Guadalupe', 'Sofia', 'Isabella', 'Camila', 'Ana', 'Aaliyah', 'Keisha', 'Grace', 'Mei', 'Priya', 'Olivia', 'Emma', 'Ava', 'Hannah', 'Brianna', 'Rosa'];
const MALE = ['James', 'Robert', 'John', 'Michael', 'David', 'William', 'Richard', 'Joseph', 'Thomas', 'Christopher', 'Charles', 'Daniel', 'Matthew', 'Anthony', 'Mark', 'Steven', 'Andrew', 'Joshua', 'Kevin', 'Brian', 'Jose', 'Juan', 'Luis', 'Carlos', 'Miguel', 'Jesus', 'DeShawn', 'Marcus', 'Tyrone', 'Wei', 'Minh', 'Raj', 'Ethan', 'Noah', 'Liam', 'Tyler'];
const SURNAMES = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts', 'Kim', 'Patel', 'Chen', 'Washington', 'Reyes', 'Cruz', 'Morales', "O'Brien", 'Murphy', 'Cooper'];
const ETHNICITIES: [DriverInput['ethnicity'], number][] = [
  ['white', 58],
  ['hispanic', 19],
  ['black', 12],
  ['asian', 6],
  ['native-american', 1],
  ['pacific-islander', 0.3],
  ['other', 1.7],
  ['unknown', 2],
];

export interface SyntheticPerson {
  firstName: string;
  lastName: string;
  age: number;
  gender: 'male' | 'female';
  ethnicity: NonNullable<DriverInput['ethnicity']>;
}

export function syntheticPerson(random: Random): SyntheticPerson {
  const gender = random.chance(0.52) ? 'male' : 'female';
  // Young drivers crash more: ages lean towards 18-35.
  const age = random.chance(0.35) ? random.int(16, 25) : random.int(26, 84);
  return {
    firstName: random.pick(gender === 'male' ? MALE : FEMALE),
    lastName: random.pick(SURNAMES),
    age,
    gender,
    ethnicity: random.weighted(ETHNICITIES) ?? 'unknown',
  };
}
