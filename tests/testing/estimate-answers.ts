// The calculator's answers the estimate's tests start from: Medium injuries, income and future medical, not at fault,
// with amounts picked, so economic damages are $7,000 (5,000 + 1,000 + 1,000) to $30,000 (20,000 + 5,000 + 5,000).
export const MEDIUM_ANSWERS = {
  fault: false,
  commercial: false,
  injuries: 1,
  earnings: 1,
  medical: 1,
  pain: 1,
  medicalPaid: '5k-20k',
  medicalFuture: '1k-5k',
  lostIncome: '1k-5k',
};
