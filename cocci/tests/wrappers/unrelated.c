// SPDX-License-Identifier: GPL-2.0
/* Names no mapping function: no level of the wrapper search reads it. */
int unrelated(int x)
{
	return x + 1;
}
