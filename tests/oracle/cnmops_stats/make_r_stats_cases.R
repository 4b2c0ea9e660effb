# Reference values of the R summaries that cn.mops' normalisation depends on: the mode of R's
# density() with cn.mops' arguments, quantile type 7, var, median and mean; for
# tests/cnv/test_r_summary.cpp. Made with Debian 12's R 4.2.2 (density()'s grid changed in R 4.4):
#   Rscript make_r_stats_cases.R > ../../data/cnv/r_stats_cases.tsv
set.seed(20261124)
f <- function(x) sprintf("%.17g", x)
cat("#uut\tdensity_mode\tp\tquantile7\tvar\tmedian\tmean\tvalues\n")
for (case in 1:48) {
  n <- sample(c(2, 3, 5, 10, 50, 200), 1)
  shape <- case %% 4
  x <- switch(shape + 1,
              rgamma(n, shape = 20, rate = 20),            # ratios near 1
              rchisq(n, df = 3) / 3,                       # skewed
              c(rnorm(n, 1, 0.1), rnorm(n %/% 5, 3, 0.3)), # two modes
              round(runif(n, 0, 4), 1))                    # ties
  x <- abs(x)
  uut <- quantile(x, probs = 0.95, na.rm = TRUE, names = FALSE)
  dd <- density(x, na.rm = TRUE, from = 0, to = uut, n = uut * 100)
  mode <- dd$x[which.max(dd$y)]
  p <- runif(1)
  cat(f(uut), f(mode), f(p), f(quantile(x, p, names = FALSE)), f(var(x)), f(median(x)),
      f(mean(x)), paste(f(x), collapse = ","), sep = "\t")
  cat("\n")
}
