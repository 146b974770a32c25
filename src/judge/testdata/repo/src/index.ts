export const main = () => 0;
