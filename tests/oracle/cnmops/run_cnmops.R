# Runs cn.mops (Bioconductor, installed into /work/main/.anchors/Rlib or $CNMOPS_RLIB) on the
# inputs written by make_cohorts.py and dumps every intermediate result with full precision
# into tests/data/cnv/cnmops/<case>/. See README.md in this directory.
#
# Usage (from anywhere): Rscript tests/oracle/cnmops/run_cnmops.R [case ...]

rlib <- Sys.getenv("CNMOPS_RLIB", "/work/main/.anchors/Rlib")
.libPaths(c(rlib, .libPaths()))
suppressPackageStartupMessages({
    library(cn.mops)
    library(GenomicRanges)
    library(DNAcopy)
    library(Rsamtools)
})

get_script_dir <- function() {
    a <- commandArgs(trailingOnly = FALSE)
    f <- sub("^--file=", "", a[grep("^--file=", a)])
    if (length(f) == 1) return(dirname(normalizePath(f)))
    normalizePath("tests/oracle/cnmops")
}
SCRIPT_DIR <- get_script_dir()
OUT <- normalizePath(file.path(SCRIPT_DIR, "..", "..", "data", "cnv", "cnmops"))

# NB: no global variables named eta, alpha or nperm: cn.mops' DNAcopy path uses
# exists("eta") / exists("alpha") / exists("nperm") and would pick them up.

# ------------------------------------------------------------------------------ formatting
f17 <- function(x) {
    if (is.character(x) || is.factor(x)) return(ifelse(is.na(x), "NA", as.character(x)))
    if (is.logical(x) && all(is.na(x))) return(rep("NA", length(x)))
    s <- sprintf("%.17g", as.numeric(x))
    s[is.na(x)] <- "NA"
    s
}

write_tsv <- function(path, header, cols) {
    # cols: list of equally long vectors (already formatted or raw)
    cols <- lapply(cols, f17)
    lines <- do.call(paste, c(cols, sep = "\t"))
    writeLines(c(paste(header, collapse = "\t"), lines), path)
}

# coordinates of a GRanges as 0-based half-open
coord_cols <- function(gr) list(as.character(seqnames(gr)), start(gr) - 1L, end(gr))

write_matrix <- function(path, gr, M, colnames_ = colnames(M)) {
    M <- as.matrix(M)
    stopifnot(nrow(M) == length(gr))
    cols <- coord_cols(gr)
    for (j in seq_len(ncol(M))) cols[[length(cols) + 1]] <- M[, j]
    write_tsv(path, c("#chrom", "start", "end", colnames_), cols)
}

write_segments <- function(path, gr) {
    if (length(gr) == 0) {
        writeLines("sample\tchrom\tstart\tend\tmedian\tmean\tCN", path)
        return(invisible())
    }
    v <- mcols(gr)
    write_tsv(path, c("sample", "chrom", "start", "end", "median", "mean", "CN"),
              list(as.character(v$sampleName), as.character(seqnames(gr)), start(gr) - 1L,
                   end(gr), v$median, v$mean, as.character(v$CN)))
}

read_counts <- function(path) {
    d <- read.delim(path, check.names = FALSE, comment.char = "", stringsAsFactors = FALSE)
    names(d)[1] <- "chrom"
    gr <- GRanges(d$chrom, IRanges(d$start + 1L, d$end))
    X <- as.matrix(d[, -(1:3), drop = FALSE])
    storage.mode(X) <- "integer"
    mcols(gr) <- X
    gr
}

# ------------------------------------------------------------------------------ capture
run_captured <- function(expr_text, env, dir) {
    warns <- character(0)
    msgs <- character(0)
    err <- NULL
    val <- tryCatch(
        withCallingHandlers(eval(parse(text = expr_text), envir = env),
            warning = function(w) {
                warns <<- c(warns, conditionMessage(w))
                invokeRestart("muffleWarning")
            },
            message = function(m) {
                msgs <<- c(msgs, sub("\n$", "", conditionMessage(m)))
                invokeRestart("muffleMessage")
            }),
        error = function(e) { err <<- conditionMessage(e); NULL })
    list(value = val, warnings = warns, messages = msgs, error = err)
}

append_lines <- function(path, lines) {
    if (length(lines) == 0) return(invisible())
    cat(paste0(lines, "\n"), file = path, sep = "", append = TRUE)
}

# ------------------------------------------------------------------------------ poisson debug
# Re-derives (with base R calls only) the per-sequence quantities of normalizeChromosomes'
# normType="poisson" branch, so the C++ side can compare step by step. Checked against the
# normalised matrix cn.mops returned.
poisson_debug <- function(dir, X, chr, sizeFactor = "mean", norm_out = NULL) {
    rows <- list()
    v2m_rows <- list()
    for (l in unique(chr)) {
        idx <- which(chr == l)
        Ytmp <- X[idx, , drop = FALSE]
        storage.mode(Ytmp) <- "double"
        if (all(Ytmp == 0)) next
        idxSG <- apply(Ytmp, 1, function(x) all(x < 1))
        Ytmp[idxSG, ] <- NA
        if ((nrow(Ytmp) - length(which(idxSG))) <= 1) next
        sf <- if (sizeFactor == "mean") colMeans(Ytmp, na.rm = TRUE) else
            apply(Ytmp, 2, median, na.rm = TRUE)
        c1 <- mean(sf, na.rm = TRUE) / sf
        YY <- Ytmp %*% diag(c1)
        v2m <- apply(YY, 1, var) / rowMeans(YY)
        uut <- quantile(v2m, probs = 0.95, na.rm = TRUE)
        nuser <- uut * 100
        dd <- density(v2m, na.rm = TRUE, from = 0, to = uut, n = nuser)
        imax <- which.max(dd$y)
        mv2m <- dd$x[imax]
        final <- if (is.finite(mv2m)) c1 * 1 / mv2m else c1
        ninternal <- max(nuser, 512)
        if (ninternal > 512) ninternal <- 2^ceiling(log2(ninternal))
        for (s in seq_along(sf)) {
            rows[[length(rows) + 1]] <- list(l, colnames(X)[s], sf[s], c1[s], unname(uut),
                unname(nuser), length(dd$x), ninternal, dd$bw, sum(!is.na(v2m)), imax,
                mv2m, dd$y[imax], final[s])
        }
        v2m_rows[[length(v2m_rows) + 1]] <- list(rep(l, length(idx)), idx - 1L, v2m)
        if (!is.null(norm_out)) {
            expect <- Ytmp %*% diag(final)
            expect[idxSG, ] <- 0
            got <- norm_out[idx, , drop = FALSE]
            if (!isTRUE(all(expect == got)))
                warning("poisson_debug: re-derived normalisation differs from cn.mops for ", l)
        }
    }
    cols <- lapply(1:14, function(k) unlist(lapply(rows, `[[`, k)))
    write_tsv(file.path(dir, "poisson_debug.tsv"),
              c("#chrom", "sample", "sizeFactor", "correction_mean_over_sf", "uut_q95_v2m",
                "density_n_user", "density_grid_len", "density_n_internal", "density_bw",
                "n_v2m_finite", "which_max_1based", "mv2m", "density_at_mode",
                "final_correction"), cols)
    write_tsv(file.path(dir, "poisson_v2m.tsv"), c("#chrom", "row_in_chrom_0based", "v2m"),
              list(unlist(lapply(v2m_rows, `[[`, 1)), unlist(lapply(v2m_rows, `[[`, 2)),
                   unlist(lapply(v2m_rows, `[[`, 3))))
}

# ------------------------------------------------------------------------------ cases
# call: R expression text run in an environment holding `gr` (the GRanges of counts.tsv), and
# for reference cases `cases` and `controls` (the last `controls` columns).
CASES <- list(
    cohort_default     = list(call = "cn.mops(gr)", args = "--mode cohort", debug = TRUE,
                              keep_icall = TRUE),
    cohort_mean_norm   = list(call = 'cn.mops(gr, normType="mean")',
                              args = "--mode cohort --norm-type mean"),
    cohort_median_norm = list(call = 'cn.mops(gr, normType="median", sizeFactor="median")',
                              args = "--mode cohort --norm-type median --size-factor median"),
    cohort_quant       = list(call = 'cn.mops(gr, normType="quant", normQu=0.3, sizeFactor="quant", quSizeFactor=0.7)',
                              args = "--mode cohort --norm-type quant --norm-quantile 0.3 --size-factor quant --size-factor-quantile 0.7"),
    cohort_mode        = list(call = 'cn.mops(gr, normType="mode", sizeFactor="mode")',
                              args = "--mode cohort --norm-type mode --size-factor mode"),
    cohort_params      = list(call = "cn.mops(gr, priorImpact=3, cyc=15, minReadCount=2, upperThreshold=0.4, lowerThreshold=-0.7, minWidth=4, useMedian=TRUE)",
                              args = "--mode cohort --prior-impact 3 --cycles 15 --min-read-count 2 --upper-threshold 0.4 --lower-threshold -0.7 --min-width 4 --use-median",
                              debug = TRUE, keep_icall = TRUE),
    cohort_norm0       = list(call = "cn.mops(gr, norm=0)", args = "--mode cohort --norm 0"),
    cohort_norm2       = list(call = "cn.mops(gr, norm=2)", args = "--mode cohort --norm 2"),
    cohort_dnacopy     = list(call = 'cn.mops(gr, segAlgorithm="DNAcopy")',
                              args = "--mode cohort --segmentation cbs", seed = 1,
                              same_local_as = "cohort_default"),
    exome              = list(call = "exomecn.mops(gr)", args = "--mode exome", debug = TRUE,
                              keep_icall = TRUE),
    reference          = list(call = 'referencecn.mops(cases=cases, controls=controls, segAlgorithm="fast")',
                              args = "--mode reference --controls 6 --segmentation fast",
                              controls = 6, debug = TRUE, keep_icall = TRUE),
    reference_dnacopy  = list(call = "referencecn.mops(cases=cases, controls=controls)",
                              args = "--mode reference --controls 6", controls = 6, seed = 1,
                              same_local_as = "reference"),
    no_cnvs            = list(call = "cn.mops(gr)", args = "--mode cohort", debug = TRUE)
)

# Captures the (jittered) vector each DNAcopy::CNA call receives: cn.mops adds
# rnorm(sd=1e-5) noise to the local assessments before CBS.
.cna_log <- new.env()
trace_cna <- function() {
    .cna_log$inputs <- list()
    suppressMessages(trace("CNA", where = asNamespace("DNAcopy"), print = FALSE,
        tracer = quote(.cna_log$inputs[[length(.cna_log$inputs) + 1]] <- genomdat)))
}
untrace_cna <- function() suppressMessages(untrace("CNA", where = asNamespace("DNAcopy")))

check_individual_call <- function(res) {
    seg <- res@segmentation
    use_median <- isTRUE(res@params$useMedian)
    ic <- res@individualCall
    for (s in colnames(ic)) {
        segS <- seg[as.character(mcols(seg)$sampleName) == s]
        h <- findOverlaps(res@gr, segS, type = "within")
        if (length(h) != length(res@gr) || any(duplicated(queryHits(h)))) return(FALSE)
        v <- if (use_median) mcols(segS)$median else mcols(segS)$mean
        if (!identical(unname(ic[queryHits(h), s]), v[subjectHits(h)])) return(FALSE)
    }
    TRUE
}

run_case <- function(name, spec) {
    dir <- file.path(OUT, name)
    gr0 <- read_counts(file.path(dir, "counts.tsv"))
    for (f in list.files(dir)) if (f != "counts.tsv") unlink(file.path(dir, f), recursive = TRUE)
    env <- new.env(parent = globalenv())
    env$gr <- gr0
    if (!is.null(spec$controls)) {
        X <- as.matrix(mcols(gr0))
        nc <- spec$controls
        k <- ncol(X) - nc
        env$cases <- gr0; mcols(env$cases) <- X[, 1:k, drop = FALSE]
        env$controls <- gr0; mcols(env$controls) <- X[, (k + 1):ncol(X), drop = FALSE]
    }
    call_lines <- c(
        "# gr <- GRanges from counts.tsv (start+1, end); sample columns as integer mcols",
        if (!is.null(spec$controls)) sprintf(
            "# cases <- gr with the first %d sample columns; controls <- gr with the last %d",
            ncol(mcols(gr0)) - spec$controls, spec$controls),
        if (!is.null(spec$seed)) sprintf("set.seed(%d)", spec$seed),
        paste0("res <- ", spec$call),
        "res <- calcIntegerCopyNumbers(res)")
    writeLines(call_lines, file.path(dir, "call.R.txt"))
    writeLines(spec$args, file.path(dir, "args.txt"))

    dnacopy <- grepl("DNAcopy", spec$call) || (grepl("referencecn.mops", spec$call) &&
                                                !grepl("segAlgorithm", spec$call))
    if (dnacopy) trace_cna()
    if (!is.null(spec$seed)) set.seed(spec$seed)
    r <- run_captured(spec$call, env, dir)
    if (dnacopy) untrace_cna()
    res <- r$value
    append_lines(file.path(dir, "warnings.txt"), r$warnings)
    append_lines(file.path(dir, "messages.txt"), r$messages)
    if (!is.null(r$error)) {
        writeLines(r$error, file.path(dir, "error.txt"))
        cat(name, ": ERROR ", r$error, "\n")
        return(invisible())
    }
    grr <- res@gr
    write_matrix(file.path(dir, "normalized.tsv"), grr, res@normalizedData)
    write_matrix(file.path(dir, "lambda.tsv"), grr, res@params$L)
    write_matrix(file.path(dir, "alpha.tsv"), grr, res@params$A)
    write_matrix(file.path(dir, "sini.tsv"), grr, res@localAssessments)
    write_matrix(file.path(dir, "ini.tsv"), grr, matrix(res@iniCall, ncol = 1), "ini")
    # individualCall is the segment mean (median with useMedian) of each window's segment;
    # verify that and write it only for a few cases to keep the data small
    icall_ok <- check_individual_call(res)
    if (!icall_ok) warning(name, ": individualCall is not the per-window segment value")
    if (isTRUE(spec$keep_icall) || !icall_ok) {
        write_matrix(file.path(dir, "individual_call.tsv"), grr, res@individualCall)
    } else {
        writeLines(paste("individual_call.tsv omitted: cn.mops' individualCall equals, for",
                         "every window and sample, the 'mean' (the 'median' with useMedian=TRUE)",
                         "of the window's segment in segmentation.tsv (checked by run_cnmops.R)."),
                   file.path(dir, "INDIVIDUAL_CALL_OMITTED.txt"))
    }
    write_matrix(file.path(dir, "cn.tsv"), grr, res@integerCopyNumber)
    writeLines(f17(res@params$cov), file.path(dir, "cov.txt"))
    write_segments(file.path(dir, "segmentation_before_icn.tsv"), res@segmentation)
    if (dnacopy) {
        inp <- .cna_log$inputs
        M <- do.call(cbind, lapply(inp, as.numeric))
        colnames(M) <- colnames(res@localAssessments)
        write_matrix(file.path(dir, "dnacopy_input.tsv"), grr, M)
    }
    if (!is.null(spec$same_local_as)) {
        # the local model does not depend on the segmentation: keep the committed data small
        same <- character(0)
        for (f in c("normalized.tsv", "lambda.tsv", "alpha.tsv", "sini.tsv", "ini.tsv",
                    "cn.tsv", "cov.txt")) {
            a <- readLines(file.path(dir, f))
            b <- readLines(file.path(OUT, spec$same_local_as, f))
            if (identical(a, b)) { unlink(file.path(dir, f)); same <- c(same, f) }
            else warning(name, ": ", f, " differs from ", spec$same_local_as)
        }
        writeLines(c(sprintf(paste("These files are byte-identical to those of ../%s and",
                                   "are not repeated here:"), spec$same_local_as), same),
                   file.path(dir, "LOCAL_MODEL_SAME_AS.txt"))
    }
    if (isTRUE(spec$debug) && res@params$normType == "poisson") {
        X <- as.matrix(mcols(gr0))
        poisson_debug(dir, X, as.character(seqnames(gr0)),
                      norm_out = if (is.null(spec$controls)) res@normalizedData else NULL)
    }
    ncnv <- length(res@cnvs)
    r2 <- run_captured("calcIntegerCopyNumbers(res)", list2env(list(res = res)), dir)
    append_lines(file.path(dir, "warnings.txt"), r2$warnings)
    append_lines(file.path(dir, "messages.txt"), r2$messages)
    if (!is.null(r2$error)) {
        writeLines(c(
            "cn.mops found no CNVs (message: see messages.txt), so the result has no cnvs/cnvr;",
            "calcIntegerCopyNumbers() then stops with:",
            paste0("  ", r2$error),
            "segmentation.tsv, cnvs.tsv and cnvr.tsv are therefore not written;",
            "segmentation_before_icn.tsv holds the segmentation (CN = NA) as cn.mops returned it."),
            file.path(dir, "NOTE.txt"))
        cat(name, ": calcIntegerCopyNumbers error: ", r2$error, "\n")
        return(invisible())
    }
    res2 <- r2$value
    write_segments(file.path(dir, "segmentation.tsv"), res2@segmentation)
    seg_a <- mcols(res@segmentation); seg_b <- mcols(res2@segmentation)
    if (identical(ranges(res@segmentation), ranges(res2@segmentation)) &&
        identical(seg_a$mean, seg_b$mean) && identical(seg_a$median, seg_b$median) &&
        identical(as.character(seg_a$sampleName), as.character(seg_b$sampleName)))
        unlink(file.path(dir, "segmentation_before_icn.tsv"))
    else warning(name, ": calcIntegerCopyNumbers changed the segmentation beyond CN")
    write_segments(file.path(dir, "cnvs.tsv"), res2@cnvs)
    cv <- res2@cnvr
    write_matrix(file.path(dir, "cnvr.tsv"), cv, as.matrix(mcols(cv)))
    cat(sprintf("%s: %d segments, %d cnvs, %d cnvr, %d warnings\n", name,
                length(res2@segmentation), ncnv, length(cv), length(r$warnings)))
}

# ------------------------------------------------------------------------------ normalize_only
NORM_CALLS <- list(
    poisson_mean   = 'normalizeChromosomes(X, chr, normType="poisson", sizeFactor="mean")',
    poisson_median = 'normalizeChromosomes(X, chr, normType="poisson", sizeFactor="median")',
    poisson_quant  = 'normalizeChromosomes(X, chr, normType="poisson", sizeFactor="quant", quSizeFactor=0.9)',
    poisson_mode   = 'normalizeChromosomes(X, chr, normType="poisson", sizeFactor="mode")',
    mean_mode      = 'normalizeChromosomes(X, chr, normType="mean", sizeFactor="mode")',
    median_quant   = 'normalizeChromosomes(X, chr, normType="median", sizeFactor="quant", quSizeFactor=0.9)',
    quant_median   = 'normalizeChromosomes(X, chr, normType="quant", sizeFactor="median", qu=0.8)',
    mode_mean      = 'normalizeChromosomes(X, chr, normType="mode", sizeFactor="mean")'
)
NORM_ARGS <- list(
    poisson_mean = "--norm-type poisson --size-factor mean",
    poisson_median = "--norm-type poisson --size-factor median",
    poisson_quant = "--norm-type poisson --size-factor quant --size-factor-quantile 0.9",
    poisson_mode = "--norm-type poisson --size-factor mode",
    mean_mode = "--norm-type mean --size-factor mode",
    median_quant = "--norm-type median --size-factor quant --size-factor-quantile 0.9",
    quant_median = "--norm-type quant --size-factor median --norm-quantile 0.8",
    mode_mean = "--norm-type mode --size-factor mean")

run_normalize_only <- function() {
    dir <- file.path(OUT, "normalize_only")
    for (f in list.files(dir)) if (!grepl("counts\\.tsv$", f))
        unlink(file.path(dir, f))
    lines_call <- c("# X <- integer matrix of the sample columns of <input>; chr <- its #chrom column")
    lines_args <- character(0)
    for (input in c("counts.tsv", "edge_counts.tsv", "edge_zero_counts.tsv")) {
        gr <- read_counts(file.path(dir, input))
        env <- new.env(parent = globalenv())
        env$X <- as.matrix(mcols(gr))
        env$chr <- as.character(seqnames(gr))
        prefix <- sub("counts\\.tsv$", "", input)
        for (nm in names(NORM_CALLS)) {
            if (prefix != "" && !(nm %in% c("poisson_mean", "mean_mode", "median_quant")))
                next
            out <- paste0(prefix, nm)
            r <- run_captured(NORM_CALLS[[nm]], env, dir)
            lines_call <- c(lines_call, sprintf("%s.tsv <- %s   # X from %s", out,
                                                NORM_CALLS[[nm]], input))
            lines_args <- c(lines_args, sprintf("%s.tsv\t%s\t%s", out, input, NORM_ARGS[[nm]]))
            if (length(r$warnings))
                writeLines(r$warnings, file.path(dir, paste0(out, ".warnings.txt")))
            if (!is.null(r$error)) {
                writeLines(r$error, file.path(dir, paste0(out, ".error.txt")))
                next
            }
            write_matrix(file.path(dir, paste0(out, ".tsv")), gr, r$value)
        }
    }
    writeLines(lines_call, file.path(dir, "call.R.txt"))
    writeLines(c("#output\tinput\toptions", lines_args), file.path(dir, "args.txt"))
    cat("normalize_only: done\n")
}

# ------------------------------------------------------------------------------ BAM counting
run_counts <- function() {
    dir <- file.path(OUT, "counts_bam")
    for (f in list.files(dir, pattern = "^(expected_|args|call|warnings|messages)"))
        unlink(file.path(dir, f))
    old <- setwd(dir)
    on.exit(setwd(old))
    bams <- c("s1.bam", "s2.bam", "s3.bam")
    jobs <- list(
        list(out = "expected_counts_wl25000.tsv",
             call = "getReadCountsFromBAM(bams, sampleNames=c(\"s1\",\"s2\",\"s3\"), WL=25000)",
             args = "--window 25000 --sample-names s1,s2,s3 s1.bam s2.bam s3.bam"),
        list(out = "expected_counts_wl10000_subset.tsv",
             call = "getReadCountsFromBAM(bams, sampleNames=c(\"s1\",\"s2\",\"s3\"), refSeqNames=c(\"chrC\",\"chrA\"), WL=10000)",
             args = "--window 10000 --sequences chrC,chrA --sample-names s1,s2,s3 s1.bam s2.bam s3.bam"),
        list(out = "expected_counts_default_names.tsv",
             call = "getReadCountsFromBAM(bams, refSeqNames=c(\"chrA\",\"chrB\"), WL=25000)",
             args = "--window 25000 --sequences chrA,chrB s1.bam s2.bam s3.bam"),
        list(out = "expected_segments.tsv",
             call = "getSegmentReadCountsFromBAM(bams, GR=bed_gr, sampleNames=c(\"s1\",\"s2\",\"s3\"))",
             args = "--bed regions.bed --sample-names s1,s2,s3 s1.bam s2.bam s3.bam"),
        list(out = "expected_segments_unknown_seq.tsv",
             call = "getSegmentReadCountsFromBAM(bams, GR=bed_unknown_gr, sampleNames=c(\"s1\",\"s2\",\"s3\"))",
             args = "--bed regions_unknown_seq.bed --sample-names s1,s2,s3 s1.bam s2.bam s3.bam")
    )
    bed <- read.delim("regions.bed", header = FALSE, stringsAsFactors = FALSE)
    env <- new.env(parent = globalenv())
    env$bams <- bams
    env$bed_gr <- GRanges(bed[[1]], IRanges(bed[[2]] + 1L, bed[[3]]))
    bed2 <- read.delim("regions_unknown_seq.bed", header = FALSE, stringsAsFactors = FALSE)
    env$bed_unknown_gr <- GRanges(bed2[[1]], IRanges(bed2[[2]] + 1L, bed2[[3]]))
    calls <- c("# run in tests/data/cnv/cnmops/counts_bam",
               "bams <- c(\"s1.bam\", \"s2.bam\", \"s3.bam\")",
               "bed_gr <- GRanges(bed$V1, IRanges(bed$V2 + 1L, bed$V3))  # bed <- read.delim(\"regions.bed\", header=FALSE)",
               "bed_unknown_gr <- the same from regions_unknown_seq.bed",
               "# an <expected>.error.txt instead of <expected>.tsv: the call stopped with that error")
    args <- "#expected\toptions (BAM files last, relative to this directory)"
    for (j in jobs) {
        r <- run_captured(j$call, env, dir)
        calls <- c(calls, sprintf("%s <- %s", j$out, j$call))
        args <- c(args, sprintf("%s\t%s", j$out, j$args))
        stem <- sub("\\.tsv$", "", j$out)
        if (length(r$warnings)) writeLines(r$warnings, paste0(stem, ".warnings.txt"))
        if (!is.null(r$error)) { writeLines(r$error, paste0(stem, ".error.txt")); next }
        g <- r$value
        write_matrix(j$out, g, as.matrix(mcols(g)))
        sl <- seqlengths(g)
        writeLines(paste(names(sl), f17(sl), sep = "\t"), paste0(stem, ".seqlengths.txt"))
    }
    writeLines(calls, "call.R.txt")
    writeLines(args, "args.txt")
    cat("counts_bam: done\n")
}

# ------------------------------------------------------------------------------ main
args <- commandArgs(trailingOnly = TRUE)
todo <- if (length(args)) args else c(names(CASES), "normalize_only", "counts_bam")
for (nm in todo) {
    if (nm == "normalize_only") run_normalize_only()
    else if (nm == "counts_bam") run_counts()
    else run_case(nm, CASES[[nm]])
}
writeLines(c(
    paste0("R ", R.version$major, ".", R.version$minor, " (", R.version$version.string, ")"),
    paste("platform:", R.version$platform),
    paste("BLAS:", tryCatch(extSoftVersion()[["BLAS"]], error = function(e) "?")),
    paste("LAPACK:", tryCatch(La_library(), error = function(e) "?")),
    sapply(c("cn.mops", "DNAcopy", "GenomicRanges", "IRanges", "S4Vectors", "Rsamtools",
             "GenomeInfoDb", "BiocGenerics", "Biobase"),
           function(p) paste(p, as.character(packageVersion(p)))),
    paste("samtools:", tryCatch(system("samtools --version | head -1", intern = TRUE),
                                error = function(e) "?"))),
    file.path(OUT, "VERSIONS.txt"))
