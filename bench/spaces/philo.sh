#!/usr/bin/env bash
# philo.sh N — the n dining philosophers of seed 003 §2.6 as a PV program:
# p_k = P(a_k).P(a_k+1).V(a_k).V(a_k+1), indices mod n.
n=${1:?usage: philo.sh N}
printf 'resource'
for ((i = 0; i < n; i++)); do printf ' a%d%s' $i "$([ $i -lt $((n - 1)) ] && echo ,)"; done
echo ';'
for ((k = 0; k < n; k++)); do
    j=$(((k + 1) % n))
    [ $k -gt 0 ] && printf '\n| '
    printf 'P(a%d).P(a%d).V(a%d).V(a%d)' $k $j $k $j
done
echo
